import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config/env.ts';

/** docs/decisions/0221-no-import-cycles.md: `npm run lint` fails on an import that closes a cycle, whatever its kind. */
const { default: importCycles } = await import(pathToFileURL(path.join(repoRoot, 'scripts/eslint/no-import-cycle.mjs')).href);

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** Lints a project made of `files` (name → text) and `links` (name → target) with the cycle rule alone; the rule's messages by file name. */
async function cycleErrors(files: Record<string, string>, links: Record<string, string> = {}): Promise<Record<string, string[]>> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), text);
  }
  for (const [name, target] of Object.entries(links)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.symlinkSync(path.join(folder, target), path.join(folder, name), 'dir');
  }
  const eslint = new ESLint({
    cwd: folder,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: importCycles },
        rules: { 'local/no-import-cycle': 'error' },
      },
    ],
  });
  const errors: Record<string, string[]> = {};
  for (const result of await eslint.lintFiles(['.'])) {
    const messages = result.messages.map((message) => message.message);
    if (messages.length > 0) errors[path.relative(folder, result.filePath)] = messages;
  }
  return errors;
}

describe('the import cycle lint rule', () => {
  it('fails on both imports of a cycle of two files, naming the chain, also when one import is type-only', async () => {
    const errors = await cycleErrors({
      'viewer.ts': "import { signIn } from './auth.ts';\nexport type Viewer = { id: string };\nexport const start = signIn;\n",
      'auth.ts': "import type { Viewer } from './viewer.ts';\nexport const signIn = (viewer: Viewer) => viewer.id;\n",
    });
    expect(errors).toEqual({
      'auth.ts': [expect.stringContaining('Import cycle: auth.ts → viewer.ts → auth.ts')],
      'viewer.ts': [expect.stringContaining('Import cycle: viewer.ts → auth.ts → viewer.ts')],
    });
  });

  it('follows lazy imports and re-exports through several files', async () => {
    const errors = await cycleErrors({
      'screens.tsx': "export const screens = () => import('./more-screens.tsx');\nexport type ScreenPath = '/a';\n",
      'more-screens.tsx': "export * from './paths.ts';\n",
      'paths.ts': "import type { ScreenPath } from './screens.tsx';\nexport const paths: ScreenPath[] = ['/a'];\n",
    });
    expect(Object.keys(errors).sort()).toEqual(['more-screens.tsx', 'paths.ts', 'screens.tsx']);
    expect(errors['screens.tsx']).toEqual([expect.stringContaining('screens.tsx → more-screens.tsx → paths.ts → screens.tsx')]);
  });

  it('reports only the imports that close a cycle, and nothing in a graph without one', async () => {
    const files = {
      'toast-types.ts': "export type ToastKind = 'error';\n",
      'toast-card.tsx': "import type { ToastKind } from './toast-types.ts';\nexport const card = (kind: ToastKind) => kind;\n",
      'toast-context.ts': "import type { ToastKind } from './toast-types.ts';\nimport { card } from './toast-card.tsx';\nexport const show = (kind: ToastKind) => card(kind);\n",
      'sonner.tsx': "import { card } from './toast-card.tsx';\nimport { show } from './toast-context.ts';\nexport const both = [card, show];\n",
    };
    expect(await cycleErrors(files)).toEqual({});

    const withCycle = await cycleErrors({ ...files, 'toast-types.ts': "import './sonner.tsx';\nexport type ToastKind = 'error';\n" });
    expect(withCycle['toast-context.ts']).toHaveLength(2);
    expect(withCycle['toast-types.ts']).toEqual([expect.stringContaining('toast-types.ts → sonner.tsx → toast-card.tsx → toast-types.ts')]);
  });

  it('follows a workspace package to its source through its node_modules link', async () => {
    const errors = await cycleErrors({
      'packages/shared/package.json': JSON.stringify({ name: '@demo/shared', type: 'module', exports: { '.': './src/index.ts' } }),
      'packages/shared/src/index.ts': "import { apiName } from '../../../api/app.ts';\nexport const name = apiName;\n",
      'api/app.ts': "import { name } from '@demo/shared';\nexport const apiName = 'api';\nexport const both = [name];\n",
    }, { 'node_modules/@demo/shared': 'packages/shared' });
    expect(errors['api/app.ts']).toEqual([expect.stringContaining('api/app.ts → packages/shared/src/index.ts → api/app.ts')]);
  });

  it('does not follow packages, nor imports it cannot resolve', async () => {
    expect(await cycleErrors({ 'a.ts': "import 'node:fs';\nimport 'typescript';\nimport './styles.css';\nimport './missing.ts';\n" })).toEqual({});
  });
});
