import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config/env.ts';
import { importSpecifiers, productSourceFiles } from './support/source-imports.ts';

/**
 * The compiled server loads every npm package from node_modules at run time, so each workspace must declare what its
 * product code imports (an undeclared package only works while another workspace happens to pull it in) and nothing
 * it does not use.
 */
const WORKSPACES = ['apps/api', 'packages/shared', 'apps/web'];

function packageName(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) return undefined;
  const segments = specifier.split('/');
  return specifier.startsWith('@') ? segments.slice(0, 2).join('/') : segments[0];
}

function importedPackages(workspace: string): Set<string> {
  const names = new Set<string>();
  for (const file of productSourceFiles(path.join(repoRoot, workspace, 'src'))) {
    for (const specifier of importSpecifiers(file)) {
      const name = packageName(specifier);
      if (name) names.add(name);
    }
  }
  return names;
}

function declaredDependencies(workspace: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, workspace, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return Object.keys(manifest.dependencies ?? {}).sort();
}

describe.each(WORKSPACES)('%s package.json', (workspace) => {
  it('declares exactly the packages its product code imports as dependencies', () => {
    expect(declaredDependencies(workspace)).toEqual([...importedPackages(workspace)].sort());
  });
});

describe('the API bundle', () => {
  it('leaves out of dependencies the tools only development and tests use', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'apps/api/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
    expect(manifest.scripts.start).toMatch(/^node .*dist\/server\.js$/);
  });
});
