import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { createLocalFileStorage, type FileStorage, type FileStorageKind } from './file-storage.ts';
import { createPostgresFileStorage } from './postgres-file-storage.ts';
import { createS3FileStorage } from './s3-file-storage.ts';

/** Where the local store keeps files: DATA_DIR/uploads. */
export const localUploadsDir = (env: Pick<Env, 'DATA_DIR'>) => path.resolve(env.DATA_DIR, 'uploads');

type StoreSettings = Pick<Env, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION'>;

/** The store of `kind` with the app's settings (docs/configuration.md, File storage). */
export async function openFileStorage(kind: FileStorageKind, context: { env: StoreSettings; db: Database }): Promise<FileStorage> {
  const { env, db } = context;
  switch (kind) {
    case 'local': {
      const dir = localUploadsDir(env);
      fs.mkdirSync(dir, { recursive: true });
      return createLocalFileStorage(dir);
    }
    case 'postgres':
      return createPostgresFileStorage(db);
    case 's3': {
      if (!env.S3_BUCKET) throw new Error('S3_BUCKET is required for the s3 file store');
      return createS3FileStorage({ bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT, region: env.S3_REGION });
    }
  }
}
