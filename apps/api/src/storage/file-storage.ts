import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Which store holds the uploaded files (FILE_STORAGE, docs/configuration.md). */
export type FileStorageKind = 'local' | 'postgres' | 's3';

/** A file as a store gives it back. `etag` changes whenever the content does (a quoted HTTP entity tag). */
export type StoredFile = { content: Buffer; contentType: string; etag: string };

/**
 * Where uploaded files live (docs/architecture.md, Layers; docs/decisions/0295-shared-file-storage.md). Keys are
 * relative paths like `restaurants/<id>/<uuid>.webp`; a key that could leave its folder (`..`, absolute, backslash) is
 * refused by every store. Every key the app writes is new (a fresh UUID), so a key's content never changes.
 */
export interface FileStorage {
  readonly kind: FileStorageKind;
  put(key: string, file: { content: Buffer; contentType: string }): Promise<void>;
  /** The file, or undefined when no file has this key. */
  read(key: string): Promise<StoredFile | undefined>;
  delete(key: string): Promise<void>;
  /** Every key in the store (the move command walks them). */
  keys(): AsyncIterable<string>;
  /** The public address the web uses for the file: `/uploads/<key>`, served by the API whatever the store. */
  publicUrl(key: string): string;
}

export const UPLOADS_PREFIX = '/uploads/';

/** Whether `key` is a relative path of plain segments (no `.`/`..`, no empty segment, no backslash or NUL). */
export function isSafeStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024 || /[\\\0]/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Throws on a key that could escape the store's folder (or bucket prefix). */
export function assertSafeStorageKey(key: string): void {
  if (!isSafeStorageKey(key)) throw new Error(`storage key escapes its folder: ${key}`);
}

/** A quoted strong entity tag of `content`. */
export const contentEtag = (content: Buffer) => `"${createHash('sha256').update(content).digest('base64url')}"`;

/** Content types of the image files the app stores, by extension (the local disk keeps no other metadata). */
const IMAGE_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/** The content type a file is served as from its key: an image type, else a download. */
export const contentTypeOfKey = (key: string) => IMAGE_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

export const uploadsPublicUrl = (key: string) => `${UPLOADS_PREFIX}${key}`;

/** Files under `<rootDir>`, served by the API at `/uploads/<key>`; the content type follows the key's extension. */
export function createLocalFileStorage(rootDir: string): FileStorage & { rootDir: string } {
  const root = path.resolve(rootDir);
  const resolveKey = (key: string) => {
    assertSafeStorageKey(key);
    const target = path.resolve(root, key);
    if (!target.startsWith(root + path.sep)) throw new Error(`storage key escapes its folder: ${key}`);
    return target;
  };
  async function* walk(folder: string): AsyncGenerator<string> {
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile()) yield path.relative(root, full).split(path.sep).join('/');
    }
  }
  return {
    kind: 'local',
    rootDir,
    async put(key, { content }) {
      const target = resolveKey(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, content);
    },
    async read(key) {
      const target = resolveKey(key);
      try {
        const content = await fs.readFile(target);
        return { content, contentType: contentTypeOfKey(key), etag: contentEtag(content) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolveKey(key), { force: true });
    },
    keys: () => walk(root),
    publicUrl: uploadsPublicUrl,
  };
}
