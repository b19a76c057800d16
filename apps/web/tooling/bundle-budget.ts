import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's `.vite/manifest.json`, keyed by source path (only the fields the budget reads). */
export type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
export type ViteManifest = Record<string, ManifestChunk>;

/** A public page and the source file of its lazily loaded screen. */
export type PublicPage = { path: string; screen: string };

/** 120 KB = 120 × 1,024 bytes of gzipped JavaScript on a first visit. */
export const PUBLIC_PAGE_BUDGET_BYTES = 120 * 1024;

/** The public pages a first visit most often lands on, with the screen each route loads (src/app/route-screens.tsx). */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', screen: 'src/features/home/home-page.tsx' },
  { path: '/restaurants', screen: 'src/features/restaurants/restaurants-directory-page.tsx' },
  { path: '/causes', screen: 'src/features/causes/causes-directory-page.tsx' },
  { path: '/{slug}', screen: 'src/features/restaurants/restaurant-page.tsx' },
  { path: '/cause/{slug}', screen: 'src/features/causes/cause-page.tsx' },
  { path: '/how-it-works', screen: 'src/features/site/how-it-works-page.tsx' },
  { path: '/about', screen: 'src/features/site/document-page.tsx' },
  { path: '/help', screen: 'src/features/help/help-page.tsx' },
  { path: '/contact', screen: 'src/features/site/contact-page.tsx' },
  { path: '/blog', screen: 'src/features/blog/blog-list-page.tsx' },
  { path: '/blog/{slug}', screen: 'src/features/blog/blog-post-page.tsx' },
  { path: '/share/{id}', screen: 'src/features/share/share-page.tsx' },
];

function addWithStaticImports(manifest: ViteManifest, key: string, files: Set<string>, seen: Set<string>): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (chunk.file.endsWith('.js')) files.add(chunk.file);
  for (const imported of chunk.imports ?? []) addWithStaticImports(manifest, imported, files, seen);
}

/**
 * The JavaScript files a first visit of `page` downloads: the entry with its static imports, then the page's lazy
 * screen chunk with its static imports (each file once).
 */
export function firstVisitFiles(manifest: ViteManifest, page: PublicPage): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the build manifest, found ${entries.length}`);
  const files = new Set<string>();
  const seen = new Set<string>();
  addWithStaticImports(manifest, entries[0]!, files, seen);
  addWithStaticImports(manifest, page.screen, files, seen);
  return [...files];
}

export type PageWeight = { path: string; files: string[]; gzipBytes: number; overBudget: boolean };

/** Gzipped size (level 9, like a production server's static compression) of each public page's first-visit JavaScript. */
export function weighPublicPages({ distDir, manifest, pages = PUBLIC_PAGES, budgetBytes = PUBLIC_PAGE_BUDGET_BYTES }: {
  distDir: string;
  manifest: ViteManifest;
  pages?: readonly PublicPage[];
  budgetBytes?: number;
}): PageWeight[] {
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  return pages.map((page) => {
    const files = firstVisitFiles(manifest, page);
    const gzipBytes = files.reduce((total, file) => total + sizeOf(file), 0);
    return { path: page.path, files, gzipBytes, overBudget: gzipBytes > budgetBytes };
  });
}

export function readManifest(distDir: string): ViteManifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
}
