import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config/env.ts';
import { importSpecifiers, productSourceFiles } from './support/source-imports.ts';

/** docs/decisions/0057-api-module-boundaries.md: modules reach each other only through services, and never in a circle. */
const modulesDir = path.join(repoRoot, 'apps/api/src/modules');

/** Module → the other modules its product files import (type-only imports count: they are a dependency too). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const name of fs.readdirSync(modulesDir)) {
    const uses = new Set<string>();
    for (const file of productSourceFiles(path.join(modulesDir, name))) {
      for (const specifier of importSpecifiers(file)) {
        if (!specifier.startsWith('.')) continue;
        const [target] = path.relative(modulesDir, path.resolve(path.dirname(file), specifier)).split(path.sep);
        if (target && target !== name && target !== '..') uses.add(target);
      }
    }
    graph.set(name, uses);
  }
  return graph;
}

/** The first cycle found, as a path that starts and ends with the same module; undefined when there is none. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const done = new Set<string>();
  const visit = (node: string, trail: string[]): string[] | undefined => {
    if (trail.includes(node)) return [...trail.slice(trail.indexOf(node)), node];
    if (done.has(node)) return undefined;
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next, [...trail, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('API module graph', () => {
  it('has no cycle', () => {
    expect(findCycle(moduleGraph())).toBeUndefined();
  });

  it('sees the modules and the edges of today (so the check reads the imports it should)', () => {
    const graph = moduleGraph();
    expect(graph.get('accounts')).toEqual(new Set());
    expect(graph.get('auth')).toContain('accounts');
    expect(graph.get('restaurants')).toContain('managers');
  });

  it('finds a cycle, also one through several modules', () => {
    expect(findCycle(new Map([['auth', new Set(['users'])], ['users', new Set(['auth'])]]))).toEqual(['auth', 'users', 'auth']);
    const longer = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])], ['d', new Set(['a'])]]);
    expect(findCycle(longer)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', new Set(['b', 'c'])], ['b', new Set(['c'])], ['c', new Set()]]))).toBeUndefined();
  });
});

describe('API module boundaries (npm run lint)', () => {
  const eslint = new ESLint({ cwd: repoRoot });
  /** The no-restricted-imports messages ESLint reports for one import line in a file at `filePath` (from the repo root). */
  async function boundaryErrors(filePath: string, importLine: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${importLine}\nexport const used = value;\n`, { filePath });
    return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
  }

  it("refuses a module importing another module's internals, also from a sub-folder", async () => {
    const errors = await boundaryErrors('apps/api/src/modules/causes/x.ts', "import { value } from '../accounts/users.repository.ts';");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('only through its <name>.service.ts');
    expect(await boundaryErrors('apps/api/src/modules/restaurants/test-kit/x.ts', "import { value } from '../../managers/manager-access.ts';")).toHaveLength(1);
    // Another module's service file of another name is still an internal.
    expect(await boundaryErrors('apps/api/src/modules/causes/x.ts', "import { value } from '../users/account.service.ts';")).toHaveLength(1);
  });

  it("allows another module's service, the module's own files and shared code", async () => {
    for (const importLine of [
      "import { value } from '../accounts/accounts.service.ts';",
      "import { value } from './causes.repository.ts';",
      "import { value } from '../../lib/domain-errors.ts';",
      "import { value } from '../../plugins/auth.ts';",
    ]) {
      expect(await boundaryErrors('apps/api/src/modules/causes/x.ts', importLine)).toEqual([]);
    }
  });

  it('refuses code outside the modules reaching into one; its service and routes are fine', async () => {
    expect(await boundaryErrors('apps/api/src/plugins/x.ts', "import { value } from '../modules/accounts/sessions.repository.ts';")).toHaveLength(1);
    expect(await boundaryErrors('apps/api/src/db/seed/x.ts', "import { value } from '../../modules/causes/causes.repository.ts';")).toHaveLength(1);
    expect(await boundaryErrors('apps/api/src/plugins/x.ts', "import { value } from '../modules/accounts/accounts.service.ts';")).toEqual([]);
    expect(await boundaryErrors('apps/api/src/app.ts', "import { value } from './modules/payments/connected-accounts.routes.ts';")).toEqual([]);
  });

  it("refuses a service re-exporting its repository; its own functions and other files' exports are fine", async () => {
    const restricted = async (text: string) => {
      const [result] = await eslint.lintText(text, { filePath: 'apps/api/src/modules/causes/causes.service.ts' });
      return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
    };
    expect(await restricted("export { findCauseById } from './causes.repository.ts';\n")).toEqual([expect.stringContaining('does not re-export its repository')]);
    expect(await restricted("export * from './causes.repository.ts';\n")).toHaveLength(1);
    expect(await restricted("export { presentCause } from './causes.presenter.ts';\nexport const causeCount = () => 1;\n")).toEqual([]);
  });

  it('lets tests and test kits use repositories', async () => {
    expect(await boundaryErrors('apps/api/src/modules/causes/x.test.ts', "import { value } from '../accounts/users.repository.ts';")).toEqual([]);
    expect(await boundaryErrors('apps/api/src/modules/restaurants/test/x.ts', "import { value } from '../../accounts/sessions.repository.ts';")).toEqual([]);
    expect(await boundaryErrors('apps/api/test/x.test.ts', "import { value } from '../src/modules/accounts/password.ts';")).toEqual([]);
  });
});
