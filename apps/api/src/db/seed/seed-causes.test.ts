import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { httpClient } from '../../../test/support/http-client.ts';
import { findUserByEmail } from '../../modules/accounts/users.repository.ts';
import { seedDemoDataIfEmpty } from './seed-demo-data.ts';
import { DEMO_CAUSES } from './seed-causes.ts';

describe('demo causes', () => {
  const testApp = useTestApp();
  beforeAll(async () => {
    await seedDemoDataIfEmpty(testApp.database.db, { storage: testApp.app.storage });
  });

  it('publishes at least 8 causes across categories, each with a WebP logo', async () => {
    const api = httpClient(testApp.baseUrl);
    const directory = await api.get('/v1/causes?limit=100');
    expect(directory.body.totalResults).toBeGreaterThanOrEqual(8);
    expect(directory.body.totalResults).toBe(DEMO_CAUSES.length);
    const categories = new Set(directory.body.data.map((cause: { category: string }) => cause.category));
    expect(categories.size).toBeGreaterThanOrEqual(6);
    for (const cause of directory.body.data) expect(cause.logo).toMatch(/^\/uploads\/causes\/.+\.webp$/);
    const logo = await fetch(new URL(directory.body.data[0].logo, testApp.baseUrl));
    expect((await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('gives the demo cause account two causes', async () => {
    const api = httpClient(testApp.baseUrl);
    const owner = await findUserByEmail(testApp.database.db, 'cause@example.com');
    const owned = await api.get(`/v1/users/${owner!.id}/causes`);
    expect(owned.body.data.map((cause: { slug: string }) => cause.slug).sort()).toEqual(['bep-yeu-thuong', 'hope-kitchen-foundation']);
  });
});
