import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { connectedAccounts, managerRestaurants, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { signUpClient, uniqueEmail } from '../../../test/support/http-client.ts';
import { linkToken, readMailbox, waitForEmail } from '../../../test/support/mailbox.ts';
import { canActForRestaurant } from './manager-access.ts';

describe('managers, their restaurants and their team', () => {
  const testApp = useTestApp();
  const { api } = testApp;

  const signUpManager = () => signUpClient(api, { role: 'manager', name: 'Harbour Group' });
  const signUpRestaurant = (name = 'Bun Cha Ha Noi') => signUpClient(api, { role: 'seller', name });
  const newRestaurant = (overrides: Record<string, unknown> = {}) => ({ name: 'Banh Mi Corner', email: uniqueEmail('resto'), first_name: 'Quang', last_name: 'Le', ...overrides });

  it('registers a restaurant the manager runs; its owner chooses a password from the email and signs in', async () => {
    const manager = await signUpManager();
    const body = newRestaurant();
    const created = await api.post(`/v1/managers/${manager.user.id}/restaurants`, { body, token: manager.token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Banh Mi Corner', email: body.email, status: 'active' });

    const list = await api.get(`/v1/managers/${manager.user.id}/restaurants?limit=100`, { token: manager.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, limit: 100, totalPages: 1, totalResults: 1 });
    expect(list.body.data[0]).toMatchObject({ id: created.body.id, name: 'Banh Mi Corner' });

    const email = await waitForEmail(testApp.baseUrl, { to: body.email, subject: /Banh Mi Corner is now on GoodTable/ });
    expect(email.text).toMatch(/\/reset-password\?token=[\w-]+&invitation=1/);
    const accepted = await api.post('/v1/auth/accept-invitation', { body: { token: linkToken(email, '/reset-password'), password: 'restaurant-password' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ id: created.body.id, role: 'seller', is_verified: true });
    expect((await api.post('/v1/auth/sign-in', { body: { email: body.email, password: 'restaurant-password' } })).status).toBe(200);
    // Single use.
    expect((await api.post('/v1/auth/accept-invitation', { body: { token: linkToken(email, '/reset-password'), password: 'another-password' } })).status).toBe(400);
  });

  it('answers 409 when the new restaurant’s email already has an account, creating nothing', async () => {
    const manager = await signUpManager();
    const existing = await signUpClient(api);
    const response = await api.post(`/v1/managers/${manager.user.id}/restaurants`, { body: newRestaurant({ email: existing.email }), token: manager.token });
    expect(response.status).toBe(409);
    expect(response.body.details).toContainEqual({ field: 'email', message: 'validation.emailTaken' });
    expect((await api.get(`/v1/managers/${manager.user.id}/restaurants?status=all`, { token: manager.token })).body.totalResults).toBe(0);
  });

  it('asks an existing restaurant for access; the restaurant grants it, and refuses another', async () => {
    const manager = await signUpManager();
    const other = await signUpManager();
    const restaurant = await signUpRestaurant();
    const asked = await api.post(`/v1/managers/${manager.user.id}/restaurant-requests`, { body: { email: restaurant.email }, token: manager.token });
    const unknown = await api.post(`/v1/managers/${manager.user.id}/restaurant-requests`, { body: { email: uniqueEmail('nobody') }, token: manager.token });
    expect(asked.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(asked.body);
    await api.post(`/v1/managers/${other.user.id}/restaurant-requests`, { body: { email: restaurant.email }, token: other.token });
    await waitForEmail(testApp.baseUrl, { to: restaurant.email, subject: /asks to manage your restaurant/ });

    // Pending: not in the active list, and the manager cannot act yet.
    expect((await api.get(`/v1/managers/${manager.user.id}/restaurants`, { token: manager.token })).body.totalResults).toBe(0);
    const pending = await api.get(`/v1/managers/${manager.user.id}/restaurants?status=pending`, { token: manager.token });
    expect(pending.body.data[0]).toMatchObject({ id: restaurant.user.id, status: 'pending' });

    const requests = await api.get('/v1/me/manager-requests', { token: restaurant.token });
    expect(requests.status).toBe(200);
    expect(requests.body.data.map((r: any) => r.status)).toEqual(['pending', 'pending']);

    const granted = await api.put(`/v1/me/manager-requests/${manager.user.id}`, { body: { status: 'active' }, token: restaurant.token });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ manager_id: manager.user.id, status: 'active' });
    const refused = await api.put(`/v1/me/manager-requests/${other.user.id}`, { body: { status: 'refused' }, token: restaurant.token });
    expect(refused.body.status).toBe('refused');

    const active = await api.get(`/v1/managers/${manager.user.id}/restaurants`, { token: manager.token });
    expect(active.body.data.map((r: any) => r.id)).toEqual([restaurant.user.id]);
    expect((await api.get(`/v1/managers/${other.user.id}/restaurants`, { token: other.token })).body.totalResults).toBe(0);

    const bad = await api.put(`/v1/me/manager-requests/${manager.user.id}`, { body: { status: 'maybe' }, token: restaurant.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('status');
    // Only the restaurant answers its requests.
    expect((await api.put(`/v1/me/manager-requests/${manager.user.id}`, { body: { status: 'refused' }, token: manager.token })).status).toBe(403);
  });

  it('forbids reading another manager’s restaurants (403) and non-managers (403)', async () => {
    const manager = await signUpManager();
    const intruder = await signUpManager();
    const client = await signUpClient(api);
    await api.post(`/v1/managers/${manager.user.id}/restaurants`, { body: newRestaurant(), token: manager.token });
    const foreign = await api.get(`/v1/managers/${manager.user.id}/restaurants`, { token: intruder.token });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('managers.notYourTeam');
    expect((await api.post(`/v1/managers/${manager.user.id}/restaurants`, { body: newRestaurant(), token: intruder.token })).status).toBe(403);
    expect((await api.get(`/v1/managers/${manager.user.id}/restaurants`, { token: client.token })).status).toBe(403);
    expect((await api.get(`/v1/managers/${manager.user.id}/restaurants`)).status).toBe(401);
  });

  it('pages the restaurants and refuses a limit above 100 with 400 naming limit', async () => {
    const manager = await signUpManager();
    for (const name of ['Alpha', 'Bravo', 'Charlie']) {
      expect((await api.post(`/v1/managers/${manager.user.id}/restaurants`, { body: newRestaurant({ name }), token: manager.token })).status).toBe(201);
    }
    const firstPage = await api.get(`/v1/managers/${manager.user.id}/restaurants?limit=2`, { token: manager.token });
    expect(firstPage.body).toMatchObject({ page: 1, limit: 2, totalPages: 2, totalResults: 3 });
    expect(firstPage.body.data.map((r: any) => r.name)).toEqual(['Alpha', 'Bravo']);
    const secondPage = await api.get(`/v1/managers/${manager.user.id}/restaurants?limit=2&page=2`, { token: manager.token });
    expect(secondPage.body.data.map((r: any) => r.name)).toEqual(['Charlie']);
    const tooMany = await api.get(`/v1/managers/${manager.user.id}/restaurants?limit=101`, { token: manager.token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details).toContainEqual({ field: 'limit', message: 'validation.tooLarge' });
  });

  it('invites a team member who sets a password, sees the same restaurants and acts for them', async () => {
    const manager = await signUpManager();
    const created = await api.post(`/v1/managers/${manager.user.id}/restaurants`, { body: newRestaurant({ name: 'Shared Kitchen' }), token: manager.token });
    const memberEmail = uniqueEmail('member');
    const invited = await api.post(`/v1/managers/${manager.user.id}/members`, { body: { email: memberEmail, first_name: 'Vy', last_name: 'Ngo' }, token: manager.token });
    expect(invited.status).toBe(202);
    const members = await api.get(`/v1/managers/${manager.user.id}/members`, { token: manager.token });
    expect(members.body.data).toEqual([expect.objectContaining({ email: memberEmail, joined: false })]);

    const email = await waitForEmail(testApp.baseUrl, { to: memberEmail, subject: /invited you to their GoodTable team/ });
    const accepted = await api.post('/v1/auth/accept-invitation', { body: { token: linkToken(email, '/reset-password'), password: 'member-password' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ role: 'manager', fkUser: manager.user.id, is_verified: true });
    const memberToken = accepted.body.token.access_token;

    // The member lists the team's restaurants through its parent's id or its own.
    for (const id of [manager.user.id, accepted.body.user.id]) {
      const list = await api.get(`/v1/managers/${id}/restaurants`, { token: memberToken });
      expect(list.status).toBe(200);
      expect(list.body.data.map((r: any) => r.id)).toEqual([created.body.id]);
    }
    const viewer = { id: accepted.body.user.id, role: 'manager' as const, parentUserId: manager.user.id, sessionId: 'n/a', signedInAt: new Date(), teamClosed: false };
    expect(await canActForRestaurant({ db: testApp.database.db, viewer }, created.body.id)).toBe(true);
    expect((await api.get(`/v1/managers/${manager.user.id}/members`, { token: manager.token })).body.data[0].joined).toBe(true);

    // A sub-manager has no Additional Members of its own.
    expect((await api.get(`/v1/managers/${accepted.body.user.id}/members`, { token: memberToken })).status).toBe(403);
    expect((await api.post(`/v1/managers/${manager.user.id}/members`, { body: { email: uniqueEmail(), first_name: 'A', last_name: 'B' }, token: memberToken })).status).toBe(403);
  });

  it('answers an invitation of a registered address the same way, creating nothing and telling its owner', async () => {
    const manager = await signUpManager();
    const existing = await signUpClient(api);
    const response = await api.post(`/v1/managers/${manager.user.id}/members`, { body: { email: existing.email, first_name: 'X', last_name: 'Y' }, token: manager.token });
    expect(response.status).toBe(202);
    expect((await api.get(`/v1/managers/${manager.user.id}/members`, { token: manager.token })).body.data).toEqual([]);
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row!.parentUserId).toBeNull();
    await waitForEmail(testApp.baseUrl, { to: existing.email, subject: /invited you/ });
  });

  it('removes a team member: its session ends', async () => {
    const manager = await signUpManager();
    const memberEmail = uniqueEmail('leaving');
    await api.post(`/v1/managers/${manager.user.id}/members`, { body: { email: memberEmail, first_name: 'Bao', last_name: 'Do' }, token: manager.token });
    const email = await waitForEmail(testApp.baseUrl, { to: memberEmail, subject: /invited you/ });
    const accepted = await api.post('/v1/auth/accept-invitation', { body: { token: linkToken(email, '/reset-password'), password: 'member-password' } });
    const removed = await api.delete(`/v1/managers/${manager.user.id}/members/${accepted.body.user.id}`, { token: manager.token });
    expect(removed.status).toBe(204);
    expect((await api.get('/v1/me', { token: accepted.body.token.access_token })).status).toBe(401);
  });

  it('lets a manager stop running a restaurant', async () => {
    const manager = await signUpManager();
    const created = await api.post(`/v1/managers/${manager.user.id}/restaurants`, { body: newRestaurant(), token: manager.token });
    expect((await api.delete(`/v1/managers/${manager.user.id}/restaurants/${created.body.id}`, { token: manager.token })).status).toBe(204);
    const links = await testApp.database.db.select().from(managerRestaurants).where(eq(managerRestaurants.restaurantId, created.body.id));
    expect(links).toHaveLength(0);
  });

  it('returns the stored connected account, or null when there is none', async () => {
    const restaurant = await signUpRestaurant();
    const none = await api.get('/v1/payments/me/connected-account', { token: restaurant.token });
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
    await testApp.database.db.insert(connectedAccounts).values({ id: 'local_acct_1', userId: restaurant.user.id, provider: 'local', capabilities: { transfers: 'inactive' } });
    const found = await api.get('/v1/payments/me/connected-account', { token: restaurant.token });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: 'local_acct_1', provider: 'local', capabilities: { transfers: 'inactive' } });
    expect((await api.get('/v1/payments/me/connected-account')).status).toBe(401);
  });

  it('shows sent emails on the dev mailbox page', async () => {
    const { email } = await signUpClient(api);
    await waitForEmail(testApp.baseUrl, { to: email, subject: /Verify/ });
    const page = await api.get('/dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain(email);
    expect((await readMailbox(testApp.baseUrl)).length).toBeGreaterThan(0);
  });
});
