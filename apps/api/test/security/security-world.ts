import sharp from 'sharp';
import { httpClient, signUpClient, uniqueEmail } from '../support/http-client.ts';
import { linkToken, waitForEmail } from '../support/mailbox.ts';
import { testCard } from '@goodtable/shared';

/** The signed-in parties of the security suites; a sub-manager is a manager account on another manager's team. */
export const ACTORS = ['user', 'seller', 'manager', 'subManager', 'cause'] as const;
export type Actor = (typeof ACTORS)[number];
export type Account = { id: string; token: string; email: string; password: string };

/** Accounts and the things they own, made through the API, against which every operation is tried. */
export type SecurityWorld = {
  baseUrl: string;
  accounts: Record<Actor, Account>;
  otherSeller: Account;
  otherManager: Account;
  otherCause: Account;
  /** The seller's published restaurant's address (`/restaurant/{slug}`). */
  restaurantSlug: string;
  /** A restaurant the manager's team runs (registered by the manager). */
  managedRestaurantId: string;
  causeId: string;
  causeSlug: string;
  /** A second cause of the cause account, for the one call that deletes it. */
  spareCauseId: string;
  otherCauseId: string;
  otherCauseSlug: string;
  /** Bookings: the user's request (PENDING) at the seller's published restaurant for the cause's cause. */
  userBookingId: string;
  /** The manager's draft of a host event at the restaurant its team runs (the sub-manager is its restaurant side). */
  hostBookingId: string;
  /** Drafts for the one call that deletes one, per organiser. */
  spareDrafts: { user: string; manager: string };
  /** A draft of an account outside the world's parties. */
  foreignBookingId: string;
  /** A small PNG for the upload operations. */
  image: Buffer;
  /** A fresh session of `actor` (for the operation that ends the session it is called with). */
  signInAgain: (actor: Actor) => Promise<string>;
};

let slugCounter = 0;
export const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++slugCounter}`;

export async function buildSecurityWorld(baseUrl: string): Promise<SecurityWorld> {
  const api = httpClient(baseUrl);
  const account = async (overrides: Record<string, unknown>): Promise<Account> => {
    const made = await signUpClient(api, overrides);
    return { id: made.user.id, token: made.token, email: made.email, password: made.password };
  };
  const user = await account({});
  const seller = await account({ role: 'seller', name: 'Matrix Bistro' });
  const otherSeller = await account({ role: 'seller', name: 'Other Bistro' });
  const manager = await account({ role: 'manager', name: 'Matrix Group' });
  const otherManager = await account({ role: 'manager', name: 'Other Group' });
  const cause = await account({ role: 'cause' });
  const otherCause = await account({ role: 'cause' });

  const managed = await api.post(`/v1/managers/${manager.id}/restaurants`, { body: { name: 'Team Kitchen', email: uniqueEmail('team-kitchen'), first_name: 'Tam', last_name: 'Vo' }, token: manager.token });
  if (managed.status !== 201) throw new Error(`managed restaurant: ${managed.status}`);
  // A pending request from the manager to the seller, which the seller can answer.
  await api.post(`/v1/managers/${manager.id}/restaurant-requests`, { body: { email: seller.email }, token: manager.token });

  const memberEmail = uniqueEmail('matrix-member');
  await api.post(`/v1/managers/${manager.id}/members`, { body: { email: memberEmail, first_name: 'Sub', last_name: 'Manager' }, token: manager.token });
  const invitation = await waitForEmail(baseUrl, { to: memberEmail, subject: /invited you/ });
  const memberPassword = 'sub-manager-password';
  const accepted = await api.post('/v1/auth/accept-invitation', { body: { token: linkToken(invitation, '/reset-password'), password: memberPassword } });
  const subManager: Account = { id: accepted.body.user.id, token: accepted.body.token.access_token, email: memberEmail, password: memberPassword };

  const newCause = async (owner: Account) => {
    const slug = uniqueSlug('matrix-cause');
    const created = await api.post('/v1/causes', { body: { name: 'Matrix Cause', slug, category: 'education', story: 'We teach.', published: true }, token: owner.token });
    if (created.status !== 201) throw new Error(`cause: ${created.status} ${JSON.stringify(created.body)}`);
    return { id: created.body.id as string, slug };
  };
  const ownCause = await newCause(cause);
  const spareCause = await newCause(cause);
  const foreignCause = await newCause(otherCause);
  const accounts: Record<Actor, Account> = { user, seller, manager, subManager, cause };

  // The seller publishes a restaurant that hosts any day at almost any time, so a booking can be sent to it.
  const expectOk = async (response: { status: number; body: any }, what: string) => {
    if (response.status >= 300) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const asSeller = { token: seller.token };
  const profile = { name: 'Matrix Bistro', slug: uniqueSlug('matrix-bistro'), description: 'Long tables.', cuisine: 'vietnamese', address: '1 Main St', city: 'Sydney', region: 'New South Wales', country: 'AU' };
  await expectOk(await api.put(`/v1/restaurants/${seller.id}/profile`, { body: profile, ...asSeller }), 'profile');
  const menu = await expectOk(await api.post(`/v1/restaurants/${seller.id}/menus`, { body: { name: 'Matrix Menu', price_per_head: 5000, min_guests: 2, max_guests: 50 }, ...asSeller }), 'menu');
  await expectOk(await api.put(`/v1/restaurants/${seller.id}/published`, { body: { published: true }, ...asSeller }), 'publish');
  const anyTime = { weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], service_start: '00:00', service_end: '23:59', min_guests: 1, max_guests: 100, notice_days: 0, regions: [], cause_categories: [] };
  await expectOk(await api.put(`/v1/restaurants/${seller.id}/hosting-preferences`, { body: anyTime, ...asSeller }), 'hosting preferences');
  const now = Date.parse((await expectOk(await api.get('/dev/clock'), 'clock')).now);
  const request = {
    restaurant_id: seller.id,
    menu_id: menu.id,
    date: new Date(now + 30 * 86_400_000).toISOString(),
    guests: 20,
    cause_id: ownCause.id,
    title: 'Matrix Dinner',
    story: 'A dinner for the matrix.',
    ticket_price: 6000,
  };
  const userBooking = await expectOk(await api.post('/v1/bookings', { body: request, token: user.token }), 'booking');
  await expectOk(await api.post(`/v1/bookings/${userBooking.id}/submit`, { body: {}, token: user.token }), 'submit');
  const draft = async (owner: Account, body: Record<string, unknown>) => (await expectOk(await api.post('/v1/bookings', { body, token: owner.token }), 'draft')).id as string;
  const hostBookingId = await draft(manager, { restaurant_id: managed.body.id, title: 'Team dinner' });
  const spareDrafts = { user: await draft(user, { title: 'Spare' }), manager: await draft(manager, { title: 'Spare' }) };
  const outsider = await account({});
  const foreignBookingId = await draft(outsider, { title: 'Not yours' });

  return {
    baseUrl,
    accounts,
    otherSeller,
    otherManager,
    otherCause,
    restaurantSlug: profile.slug,
    managedRestaurantId: managed.body.id,
    causeId: ownCause.id,
    causeSlug: ownCause.slug,
    spareCauseId: spareCause.id,
    otherCauseId: foreignCause.id,
    otherCauseSlug: foreignCause.slug,
    userBookingId: userBooking.id,
    hostBookingId,
    spareDrafts,
    foreignBookingId,
    image: await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2a6' } }).png().toBuffer(),
    signInAgain: async (actor) => {
      const signedIn = await api.post('/v1/auth/sign-in', { body: { email: accounts[actor].email, password: accounts[actor].password } });
      return signedIn.body.token.access_token as string;
    },
  };
}

/** The local provider's card that succeeds, as a confirm's body. */
export const TEST_CARD = { card: testCard() };

/** What people paid in a world: an event's tickets and donations, whose private details no visitor may reach. */
export type MoneyActivity = {
  /** A CONFIRMED event (deposit paid) of the user's at the seller's restaurant, for the cause's cause. */
  eventId: string;
  /** Two tickets sold to a guest buyer (with a donation on top): the buyer's own link. */
  checkoutId: string;
  /** Paid donations: a named one for the event, an anonymous one with a private message for the cause. */
  donations: { id: string; receipt_token: string; email: string }[];
};

/** Money moves through the API in `world`: an event confirmed, tickets bought by a guest, donations given. */
export async function addMoneyActivity(world: SecurityWorld): Promise<MoneyActivity> {
  const api = httpClient(world.baseUrl);
  const { user, seller } = world.accounts;
  const expectOk = async (response: { status: number; body: any }, what: string) => {
    if (response.status >= 300) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const key = () => ({ 'idempotency-key': crypto.randomUUID() });
  const now = Date.parse((await expectOk(await api.get('/dev/clock'), 'clock')).now);
  const menus = (await expectOk(await api.get(`/v1/restaurants/${seller.id}/profile`, { token: seller.token }), 'profile')).menus as { id: string }[];
  const request = { restaurant_id: seller.id, menu_id: menus[0]!.id, date: new Date(now + 40 * 86_400_000).toISOString(), guests: 20, cause_id: world.causeId, title: 'Matrix Gala', story: 'A dinner that raises money.', ticket_price: 6000 };
  const event = await expectOk(await api.post('/v1/bookings', { body: request, token: user.token }), 'event');
  await expectOk(await api.post(`/v1/bookings/${event.id}/submit`, { body: {}, token: user.token }), 'submit');
  await expectOk(await api.post(`/v1/bookings/${event.id}/accept`, { body: {}, token: seller.token }), 'accept');
  const deposit = await expectOk(await api.post(`/v1/bookings/${event.id}/payments`, { body: { type: 'CREDIT_CARD_DEPOSIT' }, token: user.token, headers: key() }), 'deposit');
  await expectOk(await api.post(`/v1/payments/${deposit.id}/confirm`, { body: TEST_CARD, token: user.token }), 'deposit confirm');

  const buyerEmail = uniqueEmail('matrix-buyer');
  const checkout = await expectOk(await api.post(`/v1/events/${event.id}/checkouts`, { body: { quantity: 2, email: buyerEmail, attendees: ['Ticket Holder', 'Second Guest'], donation: 1500 } }), 'checkout');
  await expectOk(await api.post(`/v1/payments/${checkout.payment.id}/confirm`, { body: TEST_CARD }), 'checkout confirm');

  const donations: MoneyActivity['donations'] = [];
  for (const body of [
    { amount: 2500, email: uniqueEmail('matrix-donor'), name: 'Named Donor', event_id: event.id },
    { amount: 4000, email: uniqueEmail('matrix-hidden'), name: 'Hidden Donor', message: 'A private word for the cause', anonymous: true },
  ]) {
    const donation = await expectOk(await api.post(`/v1/causes/${world.causeId}/donations`, { body, headers: key() }), 'donation');
    await expectOk(await api.post(`/v1/payments/${donation.payment.id}/confirm`, { body: TEST_CARD }), 'donation confirm');
    donations.push({ id: donation.id, receipt_token: donation.receipt_token, email: body.email });
  }
  return { eventId: event.id, checkoutId: checkout.id, donations };
}
