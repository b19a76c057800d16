import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

/** The no-restricted-imports messages ESLint reports for one import line in a file at `filePath` (from the repo root). */
async function boundaryErrors(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = value;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('web feature boundaries (npm run lint)', () => {
  it("refuses a feature importing another feature's internals", async () => {
    const errors = await boundaryErrors('apps/web/src/features/restaurants/x.ts', "import { value } from '../causes/cause-options.ts';");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('only through its *-api.ts');
  });

  it("allows another feature's *-api.ts, the feature's own files and shared code", async () => {
    for (const importLine of [
      "import { value } from '../causes/causes-api.ts';",
      "import { value } from './restaurant-options.ts';",
      "import { value } from '../../components/form/text-field.tsx';",
      "import { value } from '../../lib/session.ts';",
    ]) {
      expect(await boundaryErrors('apps/web/src/features/restaurants/x.ts', importLine)).toEqual([]);
    }
  });

  it('refuses a feature importing the app layer, also from a sub-folder', async () => {
    expect(await boundaryErrors('apps/web/src/features/restaurants/x.ts', "import { value } from '../../app/router.tsx';")).toHaveLength(1);
    expect(await boundaryErrors('apps/web/src/features/restaurants/menus/x.ts', "import { value } from '../../causes/cause-form.tsx';")).toHaveLength(1);
  });

  it('refuses shared code importing a feature', async () => {
    expect(await boundaryErrors('apps/web/src/components/layouts/x.tsx', "import { value } from '../../features/accounts/account-notices.tsx';")).toHaveLength(1);
    expect(await boundaryErrors('apps/web/src/lib/x.ts', "import { value } from '../features/auth/auth-api.ts';")).toHaveLength(1);
  });

  it('lets the app layer compose features', async () => {
    expect(await boundaryErrors('apps/web/src/app/x.tsx', "import { value } from '../features/accounts/account-notices.tsx';")).toEqual([]);
  });
});
