import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeStorageKey, contentEtag, contentTypeOfKey, uploadsPublicUrl, type FileStorage } from './file-storage.ts';

export type S3FileStorageOptions = {
  bucket: string;
  /** An S3-compatible server (MinIO, R2, a local test server); unset: AWS S3 of `region`. Set, keys go in the path. */
  endpoint?: string;
  region: string;
  /** Unset: the AWS SDK's standard chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** A read of a key the bucket does not hold (`NoSuchKey`; some servers answer a bare 404). */
const isMissing = (error: unknown) => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure?.name === 'NoSuchKey' || failure?.$metadata?.httpStatusCode === 404;
};

/**
 * Files as objects of an S3-compatible bucket. The bucket stays private: the API reads objects and serves them at
 * `/uploads/<key>` like the other stores (docs/decisions/0295-shared-file-storage.md). The AWS SDK is loaded here, on
 * first use: servers on the other stores never load its large module tree.
 */
export async function createS3FileStorage(options: S3FileStorageOptions): Promise<FileStorage & { client: S3Client }> {
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, paginateListObjectsV2 } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const Bucket = options.bucket;
  return {
    kind: 's3',
    client,
    async put(key, { content, contentType }) {
      assertSafeStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: content, ContentType: contentType }));
    },
    async read(key) {
      assertSafeStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const content = Buffer.from(await object.Body!.transformToByteArray());
        return { content, contentType: object.ContentType ?? contentTypeOfKey(key), etag: object.ETag ?? contentEtag(content) };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      assertSafeStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *keys() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket })) {
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      }
    },
    publicUrl: uploadsPublicUrl,
  };
}
