/**
 * Run after `vite build` (part of `npm run build`): writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every
 * text file of `dist/` the browser downloads (scripts, styles, translations, SVG images), so the server sends them
 * compressed without compressing anything per request (`@fastify/static`'s `preCompressed`). Source maps are left
 * out: only developer tools fetch them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE_EXTENSIONS = new Set(['.js', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest']);
/** Below this size the compressed copy saves less than its header costs (a small chunk of 300 bytes still shrinks by a third). */
const MIN_BYTES = 256;

function* filesUnder(folder: string): Generator<string> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const entryPath = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(entryPath);
    else if (entry.isFile()) yield entryPath;
  }
}

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const totals = { files: 0, bytes: 0, brotliBytes: 0 };
for (const file of filesUnder(distDir)) {
  if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file))) continue;
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  totals.files++;
  totals.bytes += content.length;
  totals.brotliBytes += brotli.length;
}
console.log(`Precompressed ${totals.files} files: ${(totals.bytes / 1024).toFixed(0)} KB → ${(totals.brotliBytes / 1024).toFixed(0)} KB with Brotli.`);
