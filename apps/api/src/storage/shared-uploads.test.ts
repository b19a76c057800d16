import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type EnvOverrides, type TestApp } from '../../test/support/test-app.ts';
import { startTestS3Server, type TestS3Server } from '../../test/support/s3-server.ts';
import { restaurantTestKit, testImage } from '../modules/restaurants/test/restaurant-test-kit.ts';

/**
 * Two API instances on one database (PostgreSQL when DATABASE_URL is set) behind a load balancer: a photo uploaded
 * through one is served by the other, with the same address the web uses.
 */
function describeTwoInstances(store: string, settings: () => EnvOverrides) {
  describe(`uploads kept in ${store}`, () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      first = await startTestApp(settings());
      second = await startTestApp(settings(), { sharedWith: first });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('serves a photo uploaded through one instance from the other, cached for good and revalidated by its ETag', async () => {
      const kit = restaurantTestKit(first);
      const seller = await kit.account('seller');
      const uploaded = await kit.upload({ restaurantId: seller.id, token: seller.token, content: await testImage({ format: 'png', width: 640, height: 480 }), filename: 'room.png', type: 'image/png' });
      expect(uploaded.status).toBe(201);
      expect(uploaded.body.url).toMatch(/^\/uploads\/restaurants\/.+\.webp$/);

      const served = await fetch(new URL(uploaded.body.url, second.baseUrl));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      const body = Buffer.from(await served.arrayBuffer());
      expect(body.subarray(8, 12).toString()).toBe('WEBP');
      const etag = served.headers.get('etag');
      expect(etag).toMatch(/^".+"$/);

      const again = await fetch(new URL(uploaded.body.url, first.baseUrl), { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(Buffer.from(await again.arrayBuffer()).length).toBe(0);

      const thumbnail = await fetch(new URL(uploaded.body.thumbnail_url, second.baseUrl));
      expect(thumbnail.status).toBe(200);
    });

    it('stops serving a photo on every instance once it is removed through one', async () => {
      const kit = restaurantTestKit(second);
      const seller = await kit.account('seller');
      const uploaded = await kit.upload({ restaurantId: seller.id, token: seller.token, content: await testImage({ format: 'jpeg', width: 320, height: 240 }), filename: 'dish.jpg', type: 'image/jpeg' });
      expect(uploaded.status).toBe(201);
      expect((await fetch(new URL(uploaded.body.url, first.baseUrl))).status).toBe(200);

      const removed = await fetch(new URL(`/v1/restaurants/${seller.id}/photos/${uploaded.body.id}`, second.baseUrl), { method: 'DELETE', headers: { authorization: `Bearer ${seller.token}` } });
      expect(removed.status).toBe(204);
      for (const instance of [first, second]) expect((await fetch(new URL(uploaded.body.url, instance.baseUrl))).status).toBe(404);
    });

    it('answers 404 for a key no instance stored and for a key that leaves the uploads folder', async () => {
      expect((await fetch(new URL('/uploads/restaurants/nobody/nothing.webp', first.baseUrl))).status).toBe(404);
      expect((await fetch(new URL('/uploads/restaurants/..%2F..%2F..%2Fpackage.json', second.baseUrl))).status).toBe(404);
    });
  });
}

describeTwoInstances('the database', () => ({ FILE_STORAGE: 'postgres' }));

describe('an S3-compatible bucket', () => {
  let s3: TestS3Server;
  const savedCredentials = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
  beforeAll(async () => {
    s3 = await startTestS3Server();
    // The app reads its S3 credentials from the standard AWS variables, as in production.
    process.env.AWS_ACCESS_KEY_ID = s3.credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = s3.credentials.secretAccessKey;
  });
  afterAll(async () => {
    for (const [name, value] of [['AWS_ACCESS_KEY_ID', savedCredentials.id], ['AWS_SECRET_ACCESS_KEY', savedCredentials.secret]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await s3?.close();
  });
  describeTwoInstances('the bucket', () => ({ FILE_STORAGE: 's3', S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint }));
});
