import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCauses } from '../src/db/seed/seed-causes.ts';
import { insertUser } from '../src/modules/accounts/users.repository.ts';
import { httpClient, signUpClient, uniqueEmail } from './support/http-client.ts';
import { openSseStream } from './support/sse-client.ts';
import { useTestApp } from './support/test-app.ts';

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET whose body is read as sent (fetch would decode it), with exactly the headers given. */
function rawGet(baseUrl: string, { urlPath, headers }: { urlPath: string; headers: Record<string, string> }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(urlPath, baseUrl), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

function decoded(response: RawResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body).toString();
  if (encoding === 'gzip') return gunzipSync(response.body).toString();
  return response.body.toString();
}

describe('response compression', () => {
  const shellFiller = '<meta name="x" content="GoodTable dinners for good causes" />'.repeat(40);
  const smallScript = 'console.log("small")';
  const testApp = useTestApp({
    env: { LIVE_HEARTBEAT_MS: '150' },
    webDist: {
      indexHtml: `<!doctype html><html lang="en"><head>${shellFiller}<title>GoodTable</title></head><body><div id="root"></div></body></html>`,
      files: {
        // A file too small for the build to precompress; served as built.
        'assets/small-1.js': smallScript,
        // Larger than the compression threshold, with no precompressed copy: still never compressed per request.
        'assets/large-2.js': `console.log(${JSON.stringify('GoodTable '.repeat(300))})`,
      },
    },
  });

  beforeAll(async () => {
    const owner = await insertUser(testApp.database.db, { email: uniqueEmail('cause'), role: 'cause', firstName: 'Minh', lastName: 'Tran' });
    await seedDemoCauses(testApp.database.db, { demoCauseOwnerId: owner.id });
  });

  it('sends API JSON with Brotli or gzip, whichever the client accepts first in our order, and plain otherwise', async () => {
    const plain = await rawGet(testApp.baseUrl, { urlPath: '/v1/causes?limit=20', headers: {} });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = JSON.parse(plain.body.toString());
    expect(plain.body.length).toBeGreaterThan(1024);

    for (const [accepted, sent] of [['gzip, deflate, br', 'br'], ['br', 'br'], ['gzip', 'gzip'], ['identity', undefined], ['deflate', undefined]] as const) {
      const response = await rawGet(testApp.baseUrl, { urlPath: '/v1/causes?limit=20', headers: { 'accept-encoding': accepted } });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(sent);
      expect(response.headers['content-type']).toContain('application/json');
      expect(JSON.parse(decoded(response))).toEqual(expected);
      if (!sent) continue;
      expect(response.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(response.body.length).toBeLessThan(plain.body.length / 2);
    }
  });

  it('leaves responses under the threshold as they are', async () => {
    const response = await rawGet(testApp.baseUrl, { urlPath: '/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(response.body.toString())).toMatchObject({ status: 'ok' });
  });

  it('compresses the HTML shell, and never a static file per request', async () => {
    const page = await rawGet(testApp.baseUrl, { urlPath: '/restaurants', headers: { 'accept-encoding': 'gzip, br' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(decoded(page)).toContain('<div id="root"></div>');

    for (const file of ['small-1.js', 'large-2.js']) {
      const asset = await rawGet(testApp.baseUrl, { urlPath: `/assets/${file}`, headers: { 'accept-encoding': 'gzip, br' } });
      expect(asset.status).toBe(200);
      expect(asset.headers['content-encoding']).toBeUndefined();
      expect(asset.body.toString()).toBe(fs.readFileSync(path.join(testApp.webDistDir, 'assets', file), 'utf8'));
    }
  });

  it('streams live events uncompressed and unbuffered to a client that accepts compression', async () => {
    const { token } = await signUpClient(httpClient(testApp.baseUrl));
    const stream = await openSseStream(`${testApp.baseUrl}/v1/live/stream`, { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-encoding')).toBeNull();
    // The first frame and a heartbeat arrive while the stream stays open: nothing holds them back in a compressor.
    await stream.waitFor((frame) => frame.kind === 'retry', 2000);
    await stream.waitFor((frame) => frame.kind === 'comment', 2000);
    stream.close();
  });
});
