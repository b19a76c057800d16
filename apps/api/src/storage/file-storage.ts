import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (docs/architecture.md, Layers): local disk by default; an S3-compatible adapter can implement the
 * same interface in production. Keys are relative paths like `restaurants/<id>/<uuid>.webp`.
 */
export interface FileStorage {
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The public address the web uses for the file. */
  publicUrl(key: string): string;
}

/** Files under `<rootDir>`, served by the API at `/uploads/<key>`. */
export function createLocalFileStorage(rootDir: string): FileStorage & { rootDir: string } {
  const resolveKey = (key: string) => {
    const target = path.resolve(rootDir, key);
    if (!target.startsWith(path.resolve(rootDir) + path.sep)) throw new Error(`storage key escapes its folder: ${key}`);
    return target;
  };
  return {
    rootDir,
    async put(key, content) {
      const target = resolveKey(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, content);
    },
    async delete(key) {
      await fs.rm(resolveKey(key), { force: true });
    },
    publicUrl: (key) => `/uploads/${key}`,
  };
}
