import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed access key pair. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  credentials: typeof S3RVER_CREDENTIALS;
  close: () => Promise<void>;
};

/**
 * An S3-protocol server in the test process (s3rver, files in a temporary folder) with one empty bucket: it stands in
 * for a real bucket (docs/decisions/0295-shared-file-storage.md).
 */
export async function startTestS3Server(bucket = 'goodtable-uploads'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: S3RVER_CREDENTIALS,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
