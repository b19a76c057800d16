import fs from 'node:fs';
import path from 'node:path';

// `from 'x'`, `import 'x'`, `import('x')`, `require('x')` and `createRequire(…)('x')`.
const IMPORT_SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(?\s*|\brequire\s*\(\s*|\)\(\s*)'([^'\s]+)'/g;

/** The TypeScript files of `folder` (recursively) that ship: tests and `test/` folders left out. */
export function productSourceFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('test'))
    .map((file) => path.join(folder, file));
}

/** What `file` imports, as written (type-only imports included). */
export function importSpecifiers(file: string): string[] {
  return [...fs.readFileSync(file, 'utf8').matchAll(IMPORT_SPECIFIER)].map((match) => match[1]!);
}
