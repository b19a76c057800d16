import { beforeAll, describe, expect, it } from 'vitest';
import { donations, payments, ticketCheckouts, tickets, users } from '../../src/db/schema/index.ts';
import { parseMailbox } from '../../src/modules/bookings/booking-calendar.ts';
import { apiOperations, fetchOpenApiDocument, fillPath, type ApiOperation } from '../support/openapi.ts';
import { httpClient, uniqueEmail } from '../support/http-client.ts';
import { messagesOf, openSseStream } from '../support/sse-client.ts';
import { useTestApp } from '../support/test-app.ts';
import { AUTHORIZATION_RULES } from './authorization-rules.ts';
import { addMoneyActivity, buildSecurityWorld, TEST_CARD, type MoneyActivity, type SecurityWorld } from './security-world.ts';

/** A key that names a person's address or someone's account, payment or private link. */
const PRIVATE_KEY = /(^|_)email$|^(owner|user|payer|donation|payment|checkout|ticket)_id$|^receipt_token$/;
const EMAIL_ADDRESS = /[^\s"'<>@]+@[^\s"'<>@]+\.[a-z]{2,}/i;

/** A calendar entry's UID (`booking-{id}@{site host}`) has an address's shape but names the event, no one's mailbox. */
const CALENDAR_UID = /booking-[0-9a-f-]{36}@[\w.-]+/g;

/** `platform`: the site's own sender address (a calendar's organiser), which is no person's. */
type Secrets = { ids: Map<string, string>; texts: string[]; platform: string[] };

/** Every key or value of `value` (JSON, or any text) that a signed-out visitor must not get. */
function leaksIn(value: unknown, { secrets, at = '$' }: { secrets: Secrets; at?: string }): string[] {
  if (typeof value === 'string') {
    const found: string[] = [];
    const withoutOwnAddresses = secrets.platform.reduce((text, address) => text.replaceAll(address, ''), value.replace(CALENDAR_UID, ''));
    if (EMAIL_ADDRESS.test(withoutOwnAddresses)) found.push(`${at}: an email address`);
    for (const [id, what] of secrets.ids) if (value.includes(id)) found.push(`${at}: ${what}`);
    for (const text of secrets.texts) if (value.includes(text)) found.push(`${at}: "${text}"`);
    return found;
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => leaksIn(item, { secrets, at: `${at}[${index}]` }));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [...(PRIVATE_KEY.test(key) ? [`${at}.${key}: a private key`] : []), ...leaksIn(item, { secrets, at: `${at}.${key}` })]);
  }
  return [];
}

/**
 * Every operation of the OpenAPI document that needs no sign-in, called as a signed-out visitor with the real ids of a
 * world where money moved (an event with a guest's tickets, a named and an anonymous donation with a private message):
 * no answer carries an email, a donation's, payment's, checkout's or ticket's id, a receipt's secret, another person's
 * user id, or a donor's hidden name or message. A restaurant's id is the seller's account id by design (its public
 * identity), so sellers' ids are allowed.
 */
describe('what signed-out visitors get (every public operation of /docs/json)', () => {
  let operations: ApiOperation[];
  let world: SecurityWorld;
  let money: MoneyActivity;
  let secrets: Secrets;

  const testApp = useTestApp();
  beforeAll(async () => {
    operations = apiOperations(await fetchOpenApiDocument(testApp.baseUrl)).filter((operation) => !operation.secured);
    world = await buildSecurityWorld(testApp.baseUrl);
    money = await addMoneyActivity(world);
    const db = testApp.app.db;
    const ids = new Map<string, string>();
    for (const row of await db.select({ id: users.id, role: users.role }).from(users)) if (row.role !== 'seller') ids.set(row.id, 'a user id');
    for (const row of await db.select({ id: donations.id, token: donations.receiptToken }).from(donations)) ids.set(row.id, 'a donation id').set(row.token, 'a receipt secret');
    for (const row of await db.select({ id: payments.id }).from(payments)) ids.set(row.id, 'a payment id');
    for (const row of await db.select({ id: ticketCheckouts.id }).from(ticketCheckouts)) ids.set(row.id, 'a checkout id');
    for (const row of await db.select({ id: tickets.id, code: tickets.code }).from(tickets)) ids.set(row.id, 'a ticket id').set(row.code, 'a ticket code');
    const platform = [parseMailbox(testApp.app.config.MAIL_FROM, 'GoodTable').email];
    secrets = { ids, texts: ['Hidden Donor', 'A private word for the cause', 'Ticket Holder', 'Second Guest'], platform };
  }, 180_000);

  /** The ids a public GET is called with: the world's confirmed event and published restaurant where the matrix has none. */
  function paramsOf(operation: ApiOperation): Record<string, string> {
    if (operation.path.startsWith('/v1/events/{id}')) return { id: money.eventId };
    if (operation.id === 'GET /v1/restaurants/by-slug/{slug}') return { slug: world.restaurantSlug };
    return AUTHORIZATION_RULES[operation.id]?.params?.(world, { caller: 'signedOut', ownership: 'own' }) ?? {};
  }
  /** Query strings tried per operation: the rule's, and a cause's pages narrowed to the event. */
  function queriesOf(operation: ApiOperation): string[] {
    const rule = AUTHORIZATION_RULES[operation.id]?.query;
    if (operation.id === 'GET /v1/causes/{id}/supporters' || operation.id === 'GET /v1/causes/{id}/donation-options') return ['', `event=${money.eventId}`];
    return [rule ?? ''];
  }
  /** Opened only by a secret of the buyer's or donor's own: walked with every id a stranger could know instead. */
  const OWN_LINKS = new Set(['GET /v1/donations/{id}', 'GET /v1/checkouts/{id}']);

  it('finds the public operations it walks in the document', () => {
    const ids = operations.map((operation) => operation.id);
    expect(ids).toEqual(expect.arrayContaining(['GET /v1/causes/{id}', 'GET /v1/causes/{id}/supporters', 'GET /v1/site/home', 'GET /v1/events/{id}', 'GET /v1/restaurants', 'GET /v1/donations/{id}']));
    expect(ids).not.toContain('GET /v1/me');
  });

  it('answers every public GET without an email, a private id or a donor’s hidden details', async () => {
    const api = httpClient(testApp.baseUrl);
    const problems: string[] = [];
    let walked = 0;
    for (const operation of operations.filter((candidate) => candidate.method === 'GET' && !OWN_LINKS.has(candidate.id))) {
      for (const query of queriesOf(operation)) {
        const url = fillPath(operation.path, { values: paramsOf(operation) }) + (query ? `?${query}` : '');
        if (AUTHORIZATION_RULES[operation.id]?.stream) {
          // A live stream: its frames while a donation moves the event's total.
          const stream = await openSseStream(new URL(url, testApp.baseUrl).toString());
          if (stream.status !== 200) problems.push(`${operation.id}: ${stream.status}`);
          const donation = await api.post(`/v1/causes/${world.causeId}/donations`, { body: { amount: 3000, email: uniqueEmail('matrix-live'), name: 'Hidden Donor', anonymous: true, event_id: money.eventId } });
          await api.post(`/v1/payments/${donation.body.payment.id}/confirm`, { body: TEST_CARD });
          await stream.waitFor((frame) => frame.kind === 'message');
          stream.close();
          const frames = messagesOf(stream.frames);
          secrets.ids.set(donation.body.id, 'a donation id').set(donation.body.payment.id, 'a payment id');
          problems.push(...leaksIn(frames, { secrets, at: operation.id }));
        } else {
          const response = await api.get(url);
          if (response.status !== 200) problems.push(`${operation.id}?${query}: ${response.status}`);
          problems.push(...leaksIn(response.body, { secrets, at: `${operation.id}${query ? `?${query}` : ''}` }));
        }
        walked += 1;
      }
    }
    expect(problems).toEqual([]);
    expect(walked).toBeGreaterThan(15);
  }, 120_000);

  it('opens a receipt or a checkout only by its own secret: any id a visitor could have seen opens nothing', async () => {
    const api = httpClient(testApp.baseUrl);
    const strangersIds = [...secrets.ids].filter(([, what]) => what !== 'a receipt secret' && what !== 'a checkout id').map(([id]) => id);
    for (const id of strangersIds) {
      for (const path of [`/v1/donations/${encodeURIComponent(id)}`, `/v1/checkouts/${encodeURIComponent(id)}`]) {
        const response = await api.get(path);
        expect([400, 404], path).toContain(response.status);
        expect(JSON.stringify(response.body), path).not.toMatch(EMAIL_ADDRESS);
      }
    }
    // The donor's and the buyer's own links still open their own answers.
    for (const donation of money.donations) expect((await api.get(`/v1/donations/${donation.receipt_token}`)).body).toMatchObject({ id: donation.id, email: donation.email });
    expect((await api.get(`/v1/checkouts/${money.checkoutId}`)).status).toBe(200);
  }, 120_000);

  it('catches a leak wherever it hides in an answer', () => {
    const ids = new Map([['6f1c1d3e-0000-4000-8000-000000000001', 'a donation id']]);
    expect(leaksIn({ data: [{ id: '6f1c1d3e-0000-4000-8000-000000000001', owner_id: null, nested: { contact: 'lan@example.test' } }] }, { secrets: { ids, texts: ['Secret'], platform: [] } })).toEqual([
      '$.data[0].id: a donation id',
      '$.data[0].owner_id: a private key',
      '$.data[0].nested.contact: an email address',
    ]);
    // The site's own sender and a calendar UID are no one's address; a person's beside them still is.
    const platform = ['no-reply@goodtable.local'];
    expect(leaksIn('ORGANIZER:mailto:no-reply@goodtable.local\r\nUID:booking-6f1c1d3e-0000-4000-8000-000000000002@goodtable.local', { secrets: { ids, texts: [], platform } })).toEqual([]);
    expect(leaksIn('ATTENDEE:mailto:lan@example.test', { secrets: { ids, texts: [], platform } })).toEqual(['$: an email address']);
    expect(leaksIn({ story: 'a Secret kept', amount: 5 }, { secrets: { ids, texts: ['Secret'], platform: [] } })).toEqual(['$.story: "Secret"']);
  });
});
