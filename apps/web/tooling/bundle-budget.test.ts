import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { firstVisitFiles, weighPublicPages, type ViteManifest } from './bundle-budget.ts';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_framework.js'], dynamicImports: ['src/home.tsx', 'src/account.tsx'] },
  '_framework.js': { file: 'assets/framework.js' },
  '_shell.js': { file: 'assets/shell.js', imports: ['_framework.js'] },
  'src/home.tsx': { file: 'assets/home.js', imports: ['_shell.js', '_framework.js'], dynamicImports: ['src/dialog.tsx'] },
  'src/dialog.tsx': { file: 'assets/dialog.js' },
  'src/account.tsx': { file: 'assets/account.js', imports: ['_shell.js'] },
  'style.css': { file: 'assets/style.css' },
};

describe('public page JavaScript budget', () => {
  it("counts the entry, the page's screen and their static imports once each, not lazy chunks", () => {
    expect(firstVisitFiles(manifest, { path: '/', screen: 'src/home.tsx' }).sort()).toEqual(
      ['assets/framework.js', 'assets/home.js', 'assets/index.js', 'assets/shell.js'].sort(),
    );
  });

  it('gzips the files and flags a page over its budget', () => {
    const distDir = mkdtempSync(join(tmpdir(), 'budget-'));
    mkdirSync(join(distDir, 'assets'));
    const random = (length: number) => Array.from({ length }, () => Math.random().toString(36).slice(2)).join('');
    const contents: Record<string, string> = {
      'assets/index.js': random(50),
      'assets/framework.js': random(400),
      'assets/shell.js': random(100),
      'assets/home.js': random(100),
      'assets/dialog.js': random(2000),
      'assets/account.js': random(10),
    };
    for (const [file, text] of Object.entries(contents)) writeFileSync(join(distDir, file), text);
    const expected = ['assets/index.js', 'assets/framework.js', 'assets/shell.js', 'assets/home.js'].reduce(
      (total, file) => total + gzipSync(contents[file]!, { level: 9 }).length,
      0,
    );
    const pages = [{ path: '/', screen: 'src/home.tsx' }];

    const [within] = weighPublicPages({ distDir, manifest, pages, budgetBytes: expected });
    expect(within).toMatchObject({ path: '/', gzipBytes: expected, overBudget: false });
    const [over] = weighPublicPages({ distDir, manifest, pages, budgetBytes: expected - 1 });
    expect(over?.overBudget).toBe(true);
  });

  it('refuses a screen the build does not have', () => {
    expect(() => firstVisitFiles(manifest, { path: '/x', screen: 'src/missing.tsx' })).toThrow(/not in the build manifest/);
  });
});
