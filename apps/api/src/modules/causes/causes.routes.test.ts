import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@goodtable/shared';
import { generateSecureToken, hashSecureToken } from '../../lib/secure-tokens.ts';
import { insertSession } from '../accounts/sessions.repository.ts';
import { insertUser } from '../accounts/users.repository.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { uniqueEmail } from '../../../test/support/http-client.ts';

let slugCounter = 0;
const uniqueSlug = (prefix = 'cause') => `${prefix}-${Date.now().toString(36)}-${++slugCounter}-${Math.random().toString(36).slice(2, 6)}`;

const validCause = (overrides: Record<string, unknown> = {}) => ({
  name: 'Hope Kitchen',
  slug: uniqueSlug(),
  category: 'hunger',
  story: 'We cook hot meals for families in need.',
  website: 'https://hope.example.org',
  charity_registration_number: 'ABN 12 345 678 901',
  country: 'AU',
  published: true,
  ...overrides,
});

async function pngImage(size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: '#cc5533' } }).png().toBuffer();
}

describe('causes API', () => {
  const testApp = useTestApp({ env: { PUBLIC_URL: 'https://goodtable.example' }, webDist: {} });
  const { api } = testApp;

  /** A fresh account of `role` with a live session, made directly in the database (sign-up only makes clients). */
  async function signUpAs(role: Role) {
    const user = await insertUser(testApp.database.db, { email: uniqueEmail(role), role, firstName: 'Minh', lastName: 'Tran' });
    const token = generateSecureToken();
    await insertSession(testApp.database.db, { userId: user.id, tokenHash: hashSecureToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
    return { token, user: { id: user.id } };
  }

  async function createCause(token: string, overrides: Record<string, unknown> = {}) {
    const response = await api.post('/v1/causes', { body: validCause(overrides), token });
    if (response.status !== 201) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  async function uploadLogo({ id, token, content, filename, type }: { id: string; token: string; content: Buffer; filename: string; type: string }) {
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(content)], { type }), filename);
    const response = await fetch(new URL(`/v1/causes/${id}/logo`, testApp.baseUrl), { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: response.status, body: (await response.json()) as any };
  }


  describe('create, update, delete', () => {
    it('lets a cause user add a cause and read it back', async () => {
      const { token, user } = await signUpAs('cause');
      const input = validCause();
      const created = await api.post('/v1/causes', { body: input, token });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ ...input, logo: null });
      const read = await api.get(`/v1/causes/${created.body.id}`);
      expect(read.status).toBe(200);
      expect(read.body.slug).toBe(input.slug);
      // Whose cause it is shows in the owner's own list, never as a user id in the cause's public answer.
      expect(read.body).not.toHaveProperty('owner_id');
      expect(JSON.stringify(read.body)).not.toContain(user.id);
      expect((await api.get(`/v1/users/${user.id}/causes`, { token })).body.data.map((cause: { id: string }) => cause.id)).toContain(created.body.id);
    });

    it('refuses other roles and anonymous visitors', async () => {
      const client = await signUpAs('user');
      const seller = await signUpAs('seller');
      expect((await api.post('/v1/causes', { body: validCause(), token: client.token })).status).toBe(403);
      expect((await api.post('/v1/causes', { body: validCause(), token: seller.token })).status).toBe(403);
      expect((await api.post('/v1/causes', { body: validCause() })).status).toBe(401);
    });

    it('lets one cause user own several causes', async () => {
      const { token, user } = await signUpAs('cause');
      await createCause(token, { name: 'First' });
      await createCause(token, { name: 'Second' });
      const mine = await api.get(`/v1/users/${user.id}/causes`, { token });
      expect(mine.body.data.map((cause: { name: string }) => cause.name).sort()).toEqual(['First', 'Second']);
    });

    it('lets only the owner update or delete (403), and answers 404 for an unknown cause', async () => {
      const owner = await signUpAs('cause');
      const other = await signUpAs('cause');
      const cause = await createCause(owner.token, { name: 'Mine' });
      const forbiddenUpdate = await api.put(`/v1/causes/${cause.id}`, { body: validCause({ name: 'Stolen' }), token: other.token });
      expect(forbiddenUpdate.status).toBe(403);
      expect(forbiddenUpdate.body.code).toBe('causes.notOwner');
      expect((await api.delete(`/v1/causes/${cause.id}`, { token: other.token })).status).toBe(403);
      expect((await api.get(`/v1/causes/${cause.id}`)).body.name).toBe('Mine');

      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await api.put(`/v1/causes/${unknown}`, { body: validCause(), token: owner.token })).status).toBe(404);
      expect((await api.delete(`/v1/causes/${unknown}`, { token: owner.token })).status).toBe(404);
      expect((await api.put(`/v1/causes/${cause.id}`, { body: validCause() })).status).toBe(401);

      const updated = await api.put(`/v1/causes/${cause.id}`, { body: validCause({ name: 'Renamed', slug: cause.slug, category: 'arts' }), token: owner.token });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ name: 'Renamed', category: 'arts', slug: cause.slug });

      expect((await api.delete(`/v1/causes/${cause.id}`, { token: owner.token })).status).toBe(204);
      expect((await api.get(`/v1/causes/${cause.id}`)).status).toBe(404);
    });

    it('answers 400 naming the field and changes nothing', async () => {
      const { token } = await signUpAs('cause');
      const cause = await createCause(token, { name: 'Unchanged' });
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '' }, 'name', 'validation.required'],
        [{ slug: 'Not a slug!' }, 'slug', 'validation.invalidSlug'],
        [{ category: 'space' }, 'category', 'validation.invalidCategory'],
        [{ website: 'not a url' }, 'website', 'validation.invalidUrl'],
        [{ country: 'Australia' }, 'country', 'validation.invalidCountry'],
        [{ country: 'ZZ' }, 'country', 'validation.invalidCountry'],
        [{ published: true, story: '' }, 'story', 'validation.requiredToPublish'],
      ];
      for (const [overrides, field, message] of cases) {
        const response = await api.put(`/v1/causes/${cause.id}`, { body: validCause({ slug: cause.slug, name: 'Changed', ...overrides }), token });
        expect(response.status, JSON.stringify(overrides)).toBe(400);
        expect(response.body.details).toContainEqual({ field, message });
      }
      const reread = await api.get(`/v1/causes/${cause.id}`);
      expect(reread.body).toMatchObject({ name: 'Unchanged', category: 'hunger', country: 'AU' });
    });

    it('keeps slugs unique (409 naming the slug)', async () => {
      const first = await signUpAs('cause');
      const second = await signUpAs('cause');
      const taken = await createCause(first.token);
      const response = await api.post('/v1/causes', { body: validCause({ slug: taken.slug }), token: second.token });
      expect(response.status).toBe(409);
      expect(response.body.details).toContainEqual({ field: 'slug', message: 'validation.slugTaken' });
      const own = await createCause(second.token);
      const renamed = await api.put(`/v1/causes/${own.id}`, { body: validCause({ slug: taken.slug }), token: second.token });
      expect(renamed.status).toBe(409);
    });
  });

  describe('logo upload', () => {
    it('stores a PNG as a resized WebP served under /uploads and replaces the previous one', async () => {
      const { token } = await signUpAs('cause');
      const cause = await createCause(token);
      const first = await uploadLogo({ id: cause.id, token, content: await pngImage(1200), filename: 'logo.png', type: 'image/png' });
      expect(first.status).toBe(200);
      expect(first.body.logo).toMatch(/^\/uploads\/causes\/.+\.webp$/);
      const file = await fetch(new URL(first.body.logo, testApp.baseUrl));
      expect(file.status).toBe(200);
      const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(metadata.format).toBe('webp');
      expect(Math.max(metadata.width!, metadata.height!)).toBeLessThanOrEqual(512);

      const jpeg = await sharp(await pngImage()).jpeg().toBuffer();
      const second = await uploadLogo({ id: cause.id, token, content: jpeg, filename: 'logo.jpg', type: 'image/jpeg' });
      expect(second.status).toBe(200);
      expect(second.body.logo).not.toBe(first.body.logo);
      expect((await fetch(new URL(first.body.logo, testApp.baseUrl))).status).toBe(404);
    });

    it('refuses files that are not JPEG, PNG or WebP, whatever their name says', async () => {
      const { token } = await signUpAs('cause');
      const cause = await createCause(token);
      const gif = await sharp(await pngImage()).gif().toBuffer();
      const gifResponse = await uploadLogo({ id: cause.id, token, content: gif, filename: 'logo.png', type: 'image/png' });
      expect(gifResponse.status).toBe(415);
      expect(gifResponse.body.code).toBe('uploads.unsupportedType');
      expect(gifResponse.body.message).toMatch(/JPEG, PNG or WebP/);
      const text = await uploadLogo({ id: cause.id, token, content: Buffer.from('not an image'), filename: 'logo.jpg', type: 'image/jpeg' });
      expect(text.status).toBe(415);
      expect((await api.get(`/v1/causes/${cause.id}`)).body.logo).toBeNull();
    });

    it('refuses files over 5 MB', async () => {
      const { token } = await signUpAs('cause');
      const cause = await createCause(token);
      const big = Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const response = await uploadLogo({ id: cause.id, token, content: big, filename: 'big.png', type: 'image/png' });
      expect(response.status).toBe(413);
      expect(response.body.code).toBe('uploads.tooLarge');
      expect((await api.get(`/v1/causes/${cause.id}`)).body.logo).toBeNull();
    });

    it("refuses a logo upload on someone else's cause", async () => {
      const owner = await signUpAs('cause');
      const other = await signUpAs('cause');
      const cause = await createCause(owner.token);
      const response = await uploadLogo({ id: cause.id, token: other.token, content: await pngImage(), filename: 'logo.png', type: 'image/png' });
      expect(response.status).toBe(403);
      expect((await api.get(`/v1/causes/${cause.id}`)).body.logo).toBeNull();
    });

    it('removes the logo', async () => {
      const { token } = await signUpAs('cause');
      const cause = await createCause(token);
      await uploadLogo({ id: cause.id, token, content: await pngImage(), filename: 'logo.png', type: 'image/png' });
      const removed = await api.delete(`/v1/causes/${cause.id}/logo`, { token });
      expect(removed.status).toBe(200);
      expect(removed.body.logo).toBeNull();
    });
  });

  describe('visibility', () => {
    it('hides unpublished causes from the directory, the slug page and other users, but not from the owner', async () => {
      const owner = await signUpAs('cause');
      const stranger = await signUpAs('user');
      const hidden = await createCause(owner.token, { name: 'Hidden Draft Zebra', published: false });
      const shown = await createCause(owner.token, { name: 'Shown Zebra' });

      const directory = await api.get('/v1/causes?search=zebra&limit=100');
      const slugs = directory.body.data.map((cause: { slug: string }) => cause.slug);
      expect(slugs).toContain(shown.slug);
      expect(slugs).not.toContain(hidden.slug);

      expect((await api.get(`/v1/causes/by-slug/${hidden.slug}`)).status).toBe(404);
      expect((await api.get(`/v1/causes/by-slug/${hidden.slug}`, { token: stranger.token })).status).toBe(404);
      expect((await api.get(`/v1/causes/by-slug/${hidden.slug}`, { token: owner.token })).status).toBe(200);
      expect((await api.get(`/v1/causes/${hidden.id}`, { token: stranger.token })).status).toBe(404);
      expect((await api.get(`/v1/causes/by-slug/${shown.slug}`)).body.name).toBe('Shown Zebra');
      expect((await api.get('/v1/causes/by-slug/no-such-cause')).status).toBe(404);

      const own = await api.get(`/v1/users/${owner.user.id}/causes`, { token: owner.token });
      expect(own.body.data.map((cause: { slug: string }) => cause.slug).sort()).toEqual([hidden.slug, shown.slug].sort());
      const seenByOthers = await api.get(`/v1/users/${owner.user.id}/causes`, { token: stranger.token });
      expect(seenByOthers.body.data.map((cause: { slug: string }) => cause.slug)).toEqual([shown.slug]);
      const anonymous = await api.get(`/v1/users/${owner.user.id}/causes`);
      expect(anonymous.body.data.map((cause: { slug: string }) => cause.slug)).toEqual([shown.slug]);
    });
  });

  describe('users/{id}/causes', () => {
    it('answers {data}, newest first, honouring limit and sortBy', async () => {
      const { token, user } = await signUpAs('cause');
      for (const name of ['Bravo', 'Alpha', 'Charlie']) await createCause(token, { name });
      const newest = await api.get(`/v1/users/${user.id}/causes?limit=10&sortBy=created_at:desc`, { token });
      expect(newest.status).toBe(200);
      expect(Object.keys(newest.body)).toEqual(['data']);
      expect(newest.body.data.map((cause: { name: string }) => cause.name)).toEqual(['Charlie', 'Alpha', 'Bravo']);
      const limited = await api.get(`/v1/users/${user.id}/causes?limit=2&sortBy=name:asc`, { token });
      expect(limited.body.data.map((cause: { name: string }) => cause.name)).toEqual(['Alpha', 'Bravo']);
      expect((await api.get(`/v1/users/${user.id}/causes?sortBy=colour:asc`, { token })).status).toBe(400);
    });

    it('answers 404 for an unknown user and an empty list for a user without causes', async () => {
      const { token, user } = await signUpAs('cause');
      expect((await api.get(`/v1/users/${user.id}/causes`, { token })).body).toEqual({ data: [] });
      expect((await api.get('/v1/users/00000000-0000-4000-8000-000000000000/causes')).status).toBe(404);
    });
  });

  describe('directory', () => {
    const tag = `dir${Date.now().toString(36)}`;
    let created: { name: string; slug: string; category: string }[] = [];

    beforeAll(async () => {
      const { token } = await signUpAs('cause');
      const specs = [
        { name: `Delta ${tag}`, category: 'health' },
        { name: `alpha ${tag}`, category: 'hunger' },
        { name: `Echo ${tag}`, category: 'health' },
        { name: `Charlie ${tag}`, category: 'arts' },
        { name: `bravo ${tag}`, category: 'health' },
      ];
      created = [];
      for (const spec of specs) created.push(await createCause(token, { ...spec, story: `Story of ${spec.name}` }));
      await createCause(token, { name: `Foxtrot ${tag}`, category: 'health', published: false });
    });

    it('answers the paged list with the list item fields, newest first by default', async () => {
      const response = await api.get(`/v1/causes?search=${tag}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ page: 1, limit: 10, totalResults: 5, totalPages: 1 });
      for (const field of ['id', 'slug', 'name', 'category', 'logo']) expect(response.body.data[0]).toHaveProperty(field);
      expect(response.body.data.map((cause: { name: string }) => cause.name)).toEqual([...created].reverse().map((cause) => cause.name));
    });

    it('sorts A-Z ignoring case', async () => {
      const response = await api.get(`/v1/causes?search=${tag}&sortBy=name:asc`);
      expect(response.body.data.map((cause: { name: string }) => cause.name.split(' ')[0])).toEqual(['alpha', 'bravo', 'Charlie', 'Delta', 'Echo']);
    });

    it('filters by category', async () => {
      const response = await api.get(`/v1/causes?search=${tag}&category=health&sortBy=name:asc`);
      expect(response.body.totalResults).toBe(3);
      expect(response.body.data.map((cause: { name: string }) => cause.name.split(' ')[0])).toEqual(['bravo', 'Delta', 'Echo']);
    });

    it('pages, including the last page and past it', async () => {
      const first = await api.get(`/v1/causes?search=${tag}&sortBy=name:asc&limit=2&page=1`);
      expect(first.body).toMatchObject({ page: 1, limit: 2, totalPages: 3, totalResults: 5 });
      const last = await api.get(`/v1/causes?search=${tag}&sortBy=name:asc&limit=2&page=3`);
      expect(last.body.data.map((cause: { name: string }) => cause.name.split(' ')[0])).toEqual(['Echo']);
      const past = await api.get(`/v1/causes?search=${tag}&limit=2&page=4`);
      expect(past.body).toMatchObject({ data: [], page: 4, totalPages: 3, totalResults: 5 });
    });

    it('searches by word prefix in the name and the story', async () => {
      const prefix = await api.get(`/v1/causes?search=${encodeURIComponent(`char ${tag}`)}`);
      expect(prefix.body.data.map((cause: { name: string }) => cause.name)).toEqual([`Charlie ${tag}`]);
      const nothing = await api.get(`/v1/causes?search=${encodeURIComponent(`${tag} nonexistentword`)}`);
      expect(nothing.body).toMatchObject({ data: [], totalResults: 0, totalPages: 0 });
      const { token } = await signUpAs('cause');
      await createCause(token, { name: `Bếp Yêu Thương ${tag}`, story: 'Bữa trưa miễn phí cho người cao tuổi.' });
      const accentFree = await api.get(`/v1/causes?search=${encodeURIComponent(`bep yeu ${tag}`)}`);
      expect(accentFree.body.data.map((cause: { name: string }) => cause.name)).toEqual([`Bếp Yêu Thương ${tag}`]);
      const inStory = await api.get(`/v1/causes?search=${encodeURIComponent(`${tag} bữa trưa`)}`);
      expect(inStory.body.totalResults).toBe(1);
      const punctuation = await api.get(`/v1/causes?search=${encodeURIComponent("'&|!:*()")}`);
      expect(punctuation.status).toBe(200);
    });

    it('validates the query, naming the parameter', async () => {
      const badCategory = await api.get('/v1/causes?category=space');
      expect(badCategory.status).toBe(400);
      expect(badCategory.body.details[0].field).toBe('category');
      expect((await api.get('/v1/causes?sortBy=story:asc')).status).toBe(400);
      expect((await api.get('/v1/causes?limit=1000')).status).toBe(400);
      expect((await api.get('/v1/causes?page=0')).status).toBe(400);
    });
  });

  describe('served HTML', () => {
    it('leaves the edit page of a cause to the browser', async () => {
      const { token } = await signUpAs('cause');
      const hidden = await createCause(token, { name: 'Secret Cause', published: false });
      const edit = await fetch(new URL(`/cause/${hidden.id}/edit`, testApp.baseUrl));
      expect(edit.status).toBe(200);
      const html = await edit.text();
      expect(html).toContain('<title>GoodTable</title>');
      expect(html).not.toContain('og:title');
    });
  });
});
