/**
 * Run after `vite build` (part of `npm run build`): writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every
 * text file of `dist/` the browser downloads (scripts, styles, translations, SVG images), so the server sends them
 * compressed without compressing anything per request (`@fastify/static`'s `preCompressed`). Source maps are left
 * out: only developer tools fetch them.
 *
 * The gzip copies are written by Zopfli, which searches much longer than zlib for the same format: every browser
 * reads them, and they come out 3–4 % smaller than zlib's level 9 (docs/decisions/0266-gzip-copies-compressed-with-zopfli.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const COMPRESSIBLE_EXTENSIONS = new Set(['.js', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest']);
/** Below this size the compressed copy saves less than its header costs (a small chunk of 300 bytes still shrinks by a third). */
const MIN_BYTES = 256;
/**
 * Zopfli's passes per file: the first gives nearly all of the gain (the framework's chunk: 103,995 bytes after 1,
 * 103,907 after 5, 103,873 after 15, against 107,485 from zlib), and each costs time.
 */
const ZOPFLI_ITERATIONS = 5;

function* filesUnder(folder: string): Generator<string> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const entryPath = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(entryPath);
    else if (entry.isFile()) yield entryPath;
  }
}

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const files = [...filesUnder(distDir)].filter((file) => COMPRESSIBLE_EXTENSIONS.has(path.extname(file)));
const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
for (const file of files) {
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  const gzip = await gzipAsync(content, { numiterations: ZOPFLI_ITERATIONS });
  fs.writeFileSync(`${file}.gz`, gzip);
  totals.files++;
  totals.bytes += content.length;
  totals.brotliBytes += brotli.length;
  totals.gzipBytes += gzip.length;
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`Precompressed ${totals.files} files: ${kb(totals.bytes)} → ${kb(totals.brotliBytes)} with Brotli, ${kb(totals.gzipBytes)} with gzip.`);
