/**
 * Run after `vite build` (part of `npm run build`): prints each public page's first-visit JavaScript (gzipped) and
 * fails when one exceeds its budget.
 */
import { fileURLToPath } from 'node:url';
import { PUBLIC_PAGE_BUDGET_BYTES, readManifest, weighPublicPages } from './bundle-budget.ts';

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));
const weights = weighPublicPages({ distDir, manifest: readManifest(distDir) });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(`First-visit JavaScript of the public pages (gzipped; budget ${kb(PUBLIC_PAGE_BUDGET_BYTES)} each):`);
for (const weight of weights) {
  console.log(`  ${weight.overBudget ? 'OVER' : 'ok  '} ${weight.path.padEnd(14)} ${kb(weight.gzipBytes).padStart(9)}  (${weight.files.length} files)`);
}
const over = weights.filter((weight) => weight.overBudget);
if (over.length > 0) {
  console.error(`JavaScript budget exceeded on ${over.map((weight) => weight.path).join(', ')}: split more out of the entry or the screen.`);
  process.exit(1);
}
