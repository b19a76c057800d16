import { eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { storedFiles } from '../db/schema/index.ts';
import { assertSafeStorageKey, contentEtag, uploadsPublicUrl, type FileStorage } from './file-storage.ts';

/** Keys read per query while listing the store. */
const KEYS_PAGE = 500;

/**
 * Files in the `stored_files` table of the app's database, so every instance on the database serves every file
 * (docs/decisions/0295-shared-file-storage.md). Writing a key again replaces its file.
 */
export function createPostgresFileStorage(db: Database): FileStorage {
  return {
    kind: 'postgres',
    async put(key, { content, contentType }) {
      assertSafeStorageKey(key);
      const values = { content, contentType, size: content.length, etag: contentEtag(content) };
      await db.insert(storedFiles).values({ key, ...values }).onConflictDoUpdate({ target: storedFiles.key, set: values });
    },
    async read(key) {
      assertSafeStorageKey(key);
      const [row] = await db
        .select({ content: storedFiles.content, contentType: storedFiles.contentType, etag: storedFiles.etag })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row;
    },
    async delete(key) {
      assertSafeStorageKey(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
    async *keys() {
      let after = '';
      for (;;) {
        const rows = await db
          .select({ key: storedFiles.key })
          .from(storedFiles)
          .where(after ? gt(storedFiles.key, after) : undefined)
          .orderBy(storedFiles.key)
          .limit(KEYS_PAGE);
        for (const row of rows) yield row.key;
        if (rows.length < KEYS_PAGE) return;
        after = rows[rows.length - 1]!.key;
      }
    },
    publicUrl: uploadsPublicUrl,
  };
}
