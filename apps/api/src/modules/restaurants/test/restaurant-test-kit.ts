import sharp from 'sharp';
import type { Role } from '@goodtable/shared';
import { generateSecureToken, hashSecureToken } from '../../../lib/secure-tokens.ts';
import { insertSession } from '../../accounts/sessions.repository.ts';
import { insertUser } from '../../accounts/users.repository.ts';
import { managerRestaurants } from '../../../db/schema/index.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';
import { httpClient, uniqueEmail } from '../../../../test/support/http-client.ts';

/** Helpers shared by the restaurant API tests (not a test file itself). */
export function restaurantTestKit(testApp: TestApp) {
  const api = httpClient(() => testApp.baseUrl);
  let counter = 0;

  /** A fresh account of `role` with a live session, made directly in the database. */
  async function account(role: Role, options: { name?: string; parentUserId?: string; language?: 'en' | 'vn' } = {}) {
    const user = await insertUser(testApp.database.db, {
      email: uniqueEmail(role),
      role,
      firstName: 'Lan',
      lastName: 'Pham',
      name: options.name ?? (role === 'seller' ? 'Test Bistro' : null),
      parentUserId: options.parentUserId ?? null,
      language: options.language ?? 'en',
    });
    const token = generateSecureToken();
    // A year of business time: tests that move the clock (booking deadlines) keep their sessions.
    await insertSession(testApp.database.db, { userId: user.id, tokenHash: hashSecureToken(token), expiresAt: new Date(testApp.app.clock.now().getTime() + 365 * 86_400_000) });
    return { id: user.id, token, email: user.email };
  }

  async function link({ managerId, restaurantId, status = 'active' }: { managerId: string; restaurantId: string; status?: 'pending' | 'active' | 'refused' }) {
    await testApp.database.db.insert(managerRestaurants).values({ managerId, restaurantId, status });
  }

  const uniqueSlug = (prefix = 'bistro') => `${prefix}-${Date.now().toString(36)}-${++counter}-${Math.random().toString(36).slice(2, 6)}`;

  const completeProfile = (overrides: Record<string, unknown> = {}) => ({
    name: 'Bếp Nhà Lan',
    slug: uniqueSlug(),
    description: 'Home-style Vietnamese cooking for long tables.',
    cuisine: 'vietnamese',
    address: '12 George Street',
    city: 'Sydney',
    region: 'New South Wales',
    country: 'AU',
    ...overrides,
  });

  const menu = (overrides: Record<string, unknown> = {}) => ({
    name: 'Banquet',
    description: 'Five courses to share',
    price_per_head: 8500,
    min_guests: 10,
    max_guests: 40,
    ...overrides,
  });

  async function expectOk(response: { status: number; body: any }, status = 200) {
    if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body;
  }

  /** A seller with a complete, published profile and one active menu. */
  async function publishedRestaurant(profile: Record<string, unknown> = {}, menus: Record<string, unknown>[] = [{}]) {
    const seller = await account('seller');
    const saved = await expectOk(await api.put(`/v1/restaurants/${seller.id}/profile`, { body: completeProfile(profile), token: seller.token }));
    for (const overrides of menus) await expectOk(await api.post(`/v1/restaurants/${seller.id}/menus`, { body: menu(overrides), token: seller.token }), 201);
    await expectOk(await api.put(`/v1/restaurants/${seller.id}/published`, { body: { published: true }, token: seller.token }));
    return { ...seller, slug: saved.slug as string };
  }

  async function upload({ restaurantId, token, content, filename, type }: { restaurantId: string; token: string; content: Buffer; filename: string; type: string }) {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(content)], { type }), filename);
    const response = await fetch(new URL(`/v1/restaurants/${restaurantId}/photos`, testApp.baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as any) : null };
  }

  return { api, account, link, uniqueSlug, completeProfile, menu, expectOk, publishedRestaurant, upload };
}

export function testImage({ format, width = 2400, height = 1200 }: { format: 'png' | 'jpeg' | 'webp' | 'gif'; width?: number; height?: number }): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#2f6f5e' } });
  return image[format]().toBuffer();
}
