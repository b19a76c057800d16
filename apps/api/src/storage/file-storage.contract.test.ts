import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support/test-database.ts';
import { startTestS3Server } from '../../test/support/s3-server.ts';
import { createLocalFileStorage, type FileStorage } from './file-storage.ts';
import { createPostgresFileStorage } from './postgres-file-storage.ts';
import { createS3FileStorage } from './s3-file-storage.ts';

/** A store under test and how to release what it holds. */
type StoreUnderTest = { storage: FileStorage; close: () => Promise<void> };

const stores: Record<string, () => Promise<StoreUnderTest>> = {
  'local disk': async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-files-'));
    return { storage: createLocalFileStorage(dir), close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  },
  // PGlite, or the PostgreSQL server of DATABASE_URL when it is set.
  PostgreSQL: async () => {
    const database = await createTestDatabase();
    return { storage: createPostgresFileStorage(database.db), close: () => database.close() };
  },
  'S3-compatible bucket': async () => {
    const server = await startTestS3Server();
    const storage = await createS3FileStorage({ bucket: server.bucket, endpoint: server.endpoint, region: 'us-east-1', credentials: server.credentials });
    return {
      storage,
      close: async () => {
        storage.client.destroy();
        await server.close();
      },
    };
  },
};

const png = (text: string) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from(text)]);

describe.each(Object.keys(stores))('file storage on %s', (name) => {
  let store: StoreUnderTest;
  let storage: FileStorage;
  beforeAll(async () => {
    store = await stores[name]!();
    storage = store.storage;
  });
  afterAll(() => store?.close());

  it('gives back what was put, with its content type, at an /uploads address', async () => {
    const content = png('a room with a long table');
    await storage.put('restaurants/r1/photo-1.png', { content, contentType: 'image/png' });
    const file = await storage.read('restaurants/r1/photo-1.png');
    expect(file?.content.equals(content)).toBe(true);
    expect(file?.contentType).toBe('image/png');
    expect(file?.etag).toMatch(/^".+"$/);
    expect(storage.publicUrl('restaurants/r1/photo-1.png')).toBe('/uploads/restaurants/r1/photo-1.png');
  });

  it('replaces a file written again under its key, with a new ETag', async () => {
    await storage.put('causes/c1/logo.webp', { content: Buffer.from('first'), contentType: 'image/webp' });
    const first = await storage.read('causes/c1/logo.webp');
    await storage.put('causes/c1/logo.webp', { content: Buffer.from('second'), contentType: 'image/webp' });
    const second = await storage.read('causes/c1/logo.webp');
    expect(second?.content.toString()).toBe('second');
    expect(second?.contentType).toBe('image/webp');
    expect(second?.etag).not.toBe(first?.etag);
  });

  it('answers undefined for a key it does not hold, and forgets a deleted file', async () => {
    expect(await storage.read('restaurants/r1/never-stored.webp')).toBeUndefined();
    await storage.put('restaurants/r2/gone.webp', { content: Buffer.from('soon gone'), contentType: 'image/webp' });
    await storage.delete('restaurants/r2/gone.webp');
    expect(await storage.read('restaurants/r2/gone.webp')).toBeUndefined();
    // Deleting what is not there is not an error: a retried removal finishes.
    await expect(storage.delete('restaurants/r2/gone.webp')).resolves.toBeUndefined();
  });

  it('lists every key it holds, nested folders included', async () => {
    await storage.put('list/a.webp', { content: Buffer.from('a'), contentType: 'image/webp' });
    await storage.put('list/deeper/b.webp', { content: Buffer.from('b'), contentType: 'image/webp' });
    const keys: string[] = [];
    for await (const key of storage.keys()) keys.push(key);
    expect(keys).toEqual(expect.arrayContaining(['list/a.webp', 'list/deeper/b.webp', 'restaurants/r1/photo-1.png']));
    expect(keys).not.toContain('restaurants/r2/gone.webp');
  });

  it.each(['../outside.webp', 'restaurants/../../outside.webp', '/etc/passwd', 'restaurants\\..\\outside.webp', 'a//b.webp', './a.webp', ''])(
    'refuses the key %j, which could leave its folder',
    async (key) => {
      await expect(storage.put(key, { content: Buffer.from('x'), contentType: 'image/webp' })).rejects.toThrow(/escapes its folder/);
      await expect(storage.read(key)).rejects.toThrow(/escapes its folder/);
      await expect(storage.delete(key)).rejects.toThrow(/escapes its folder/);
    },
  );
});
