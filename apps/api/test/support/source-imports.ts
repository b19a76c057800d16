import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// TypeScript's own scanner finds `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')` and
// `require('x')`, and not the same words inside strings (SQL's `is distinct from 'COMPLETED'`); the one pattern it
// does not know is `createRequire(…)('x')`.
const CREATE_REQUIRE_CALL = /\bcreateRequire\([^)]*\)\(\s*'([^'\s]+)'/g;

/** The TypeScript files of `folder` (recursively) that ship: tests and `test/` folders left out. */
export function productSourceFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('test'))
    .map((file) => path.join(folder, file));
}

/** What `file` imports, as written (type-only imports included). */
export function importSpecifiers(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return [...importedFiles.map((imported) => imported.fileName), ...[...text.matchAll(CREATE_REQUIRE_CALL)].map((match) => match[1]!)];
}
