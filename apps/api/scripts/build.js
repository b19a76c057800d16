// Bundles the API into dist/server.js for `npm start`, so production runs compiled JavaScript instead of transpiling
// TypeScript at every boot. Workspace packages (@goodtable/shared, TypeScript source) are bundled in; every npm
// package stays external and is loaded from node_modules (native sharp, PGlite's WebAssembly, pg, …). Files the
// server reads at run time beside its modules (the SQL migrations) are copied next to the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const apiRoot = path.resolve(import.meta.dirname, '..');
// `--outdir <folder>` builds elsewhere (tests); it must lie inside apps/api so node_modules resolve from the bundle.
const outdirFlag = process.argv.indexOf('--outdir');
const distDir = outdirFlag === -1 ? path.join(apiRoot, 'dist') : path.resolve(process.argv[outdirFlag + 1]);

/** Runtime dependencies of a package.json, without the workspace packages (those are bundled from source). */
function npmDependencies(packageJsonPath) {
  const { dependencies = {} } = JSON.parse(fs.readFileSync(packageJsonPath, 'utf8'));
  return Object.keys(dependencies).filter((name) => !name.startsWith('@goodtable/'));
}

const external = [
  ...new Set([
    ...npmDependencies(path.join(apiRoot, 'package.json')),
    ...npmDependencies(path.join(apiRoot, '../../packages/shared/package.json')),
  ]),
].flatMap((name) => [name, `${name}/*`]);

fs.rmSync(distDir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(apiRoot, 'src/server.ts')],
  outfile: path.join(distDir, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  // Server-side only (never served): readable stack traces with `node --enable-source-maps`.
  sourcemap: 'linked',
  logLevel: 'warning',
});
// The migrator reads its SQL from `<module folder>/migrations`: src/db/migrations in development, dist/migrations here.
fs.cpSync(path.join(apiRoot, 'src/db/migrations'), path.join(distDir, 'migrations'), { recursive: true });
console.log(`API bundled into ${path.relative(process.cwd(), distDir) || '.'}/server.js`);
