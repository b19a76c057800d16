import { randomUUID } from 'node:crypto';
import { uniqueEmail } from '../support/http-client.ts';
import { uniqueSlug, type Actor, type SecurityWorld } from './security-world.ts';
import { testCard } from '@goodtable/shared';

/** Who tries an operation: nobody signed in, or one of the actors. */
export type Caller = Actor | 'signedOut';
/** Whose thing the path names: the caller's own, or another account's. */
export type Ownership = 'own' | 'other';
/** One try of an operation: who calls it, on whose thing. */
export type Attempt = { caller: Caller; ownership: Ownership };

/**
 * The expected authorization of one operation. `admits`: who passes the role gate (others: 401 signed out,
 * 403 signed in). `owners`: for paths naming something with an owner, the actors who own one; everyone admitted
 * is also tried on another account's thing and must get 403 or 404. `params`/`body`/`query` make a call that
 * passes validation, so the answer is about authorization and not about the input.
 */
export type AuthorizationRule = {
  admits: 'anyone' | 'signed-in' | readonly Actor[];
  owners?: readonly Actor[];
  params?: (world: SecurityWorld, attempt: Attempt) => Record<string, string>;
  body?: (world: SecurityWorld, attempt: Attempt) => unknown;
  query?: string;
  /** Request headers the call needs to pass validation (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** Multipart field of an image upload. */
  upload?: 'logo' | 'photo';
  /** A Server-Sent Events stream: only its status is read, then the stream is closed. */
  stream?: boolean;
  /** The operation ends the session it is called with: call it with a fresh one. */
  freshSession?: boolean;
};

const MANAGERS = ['manager', 'subManager'] as const;
const RESTAURANT_ACTORS = ['seller', 'manager', 'subManager'] as const;
const FAKE_TOKEN = 'x'.repeat(43);

/** `{id}` of a restaurant: the seller's own, the team's for managers, an unrelated one otherwise. */
const restaurantId = (world: SecurityWorld, { caller, ownership }: Attempt) =>
  ownership === 'other' ? world.otherSeller.id : caller === 'seller' ? world.accounts.seller.id : world.managedRestaurantId;
const restaurantParams = (world: SecurityWorld, { caller, ownership }: Attempt) => ({ id: restaurantId(world, { caller, ownership }) });
/** `{id}` of a manager: the team's top manager (the sub-manager's parent) or an unrelated one. */
const managerParams = (world: SecurityWorld, { ownership }: Attempt) => ({ id: ownership === 'own' ? world.accounts.manager.id : world.otherManager.id });
const causeParams = (world: SecurityWorld, { ownership }: Attempt) => ({ id: ownership === 'own' ? world.causeId : world.otherCauseId });
const account = (world: SecurityWorld, caller: Caller) => world.accounts[caller === 'signedOut' ? 'user' : caller];
const menu = { name: 'Matrix Menu', price_per_head: 5000, min_guests: 2, max_guests: 10 };

/**
 * `{id}` of a booking: one the caller is a party to (the user's request: the user, its restaurant's seller and its
 * cause's owner; the manager's host-event draft: the manager and its sub-manager), or someone else's draft.
 */
const bookingId = (world: SecurityWorld, { caller, ownership }: Attempt) => {
  if (ownership === 'other') return world.foreignBookingId;
  return caller === 'manager' || caller === 'subManager' ? world.hostBookingId : world.userBookingId;
};
const bookingParams = (world: SecurityWorld, { caller, ownership }: Attempt) => ({ id: bookingId(world, { caller, ownership }) });
const BOOKING_PARTIES = ['user', 'seller', 'manager', 'subManager', 'cause'] as const;
const ORGANISERS = ['user', 'manager'] as const;
/**
 * An action each party may take on some booking but not on this one now (409, the booking unchanged): the client
 * accepting a suggestion on a request, the host confirming completion of a draft, the restaurant side marking
 * a request or a draft complete. The cause is read-only (403).
 */
const actionOf = (caller: Caller) => (caller === 'user' ? 'accept-suggestion' : caller === 'manager' ? 'confirm-complete' : 'mark-complete');
const userParams = (world: SecurityWorld, { caller, ownership }: Attempt) => ({
  id: ownership === 'other' || caller === 'signedOut' ? world.otherSeller.id : world.accounts[caller].id,
});

export const AUTHORIZATION_RULES: Record<string, AuthorizationRule> = {
  'GET /v1/config': { admits: 'anyone' },
  'POST /v1/auth/sign-up': { admits: 'anyone', body: () => ({ email: uniqueEmail('matrix'), password: 'matrix-password-1', first_name: 'Mat', last_name: 'Rix' }) },
  'POST /v1/auth/sign-in': { admits: 'anyone', body: (world, { caller }) => ({ email: account(world, caller).email, password: account(world, caller).password }) },
  'POST /v1/auth/sign-out': { admits: 'signed-in', freshSession: true },
  'POST /v1/auth/send-verification-email': { admits: 'anyone', body: () => ({ email: uniqueEmail('verify') }) },
  'POST /v1/auth/verify-email': { admits: 'anyone', body: () => ({ token: FAKE_TOKEN }) },
  'POST /v1/auth/forgot-password': { admits: 'anyone', body: () => ({ email: uniqueEmail('forgot') }) },
  'POST /v1/auth/reset-password': { admits: 'anyone', body: () => ({ token: FAKE_TOKEN, password: 'matrix-password-2' }) },
  'POST /v1/auth/undo-email-change': { admits: 'anyone', body: () => ({ token: FAKE_TOKEN }) },
  'POST /v1/auth/accept-invitation': { admits: 'anyone', body: () => ({ token: FAKE_TOKEN, password: 'matrix-password-2' }) },
  'POST /v1/auth/google': { admits: 'anyone', body: () => ({ credential: 'not-a-google-token' }) },

  'POST /v1/live/tickets': { admits: 'signed-in' },
  'GET /v1/live/stream': { admits: 'signed-in', stream: true },

  // Every call reads the viewer's own notifications only: someone else's id is 404 like an unknown one.
  'GET /v1/notification/unread': { admits: 'signed-in' },
  'GET /v1/notification': { admits: 'signed-in', query: 'limit=10&page=1' },
  'PUT /v1/notification': { admits: 'signed-in' },
  'PUT /v1/notification/read-some': { admits: 'signed-in', body: () => ({ ids: [randomUUID()] }) },
  'DELETE /v1/notification/{id}': { admits: 'signed-in', params: () => ({ id: randomUUID() }) },
  'GET /v1/notification/stream': { admits: 'signed-in', stream: true },
  // The viewer's own email choices: no id in the path, so nobody else's can be named.
  'GET /v1/me/notification-settings': { admits: 'signed-in' },
  'PUT /v1/me/notification-settings': {
    admits: 'signed-in',
    body: () => ({ bookings: 'in_app', payments: 'in_app_and_email', tickets: 'in_app_and_email', team: 'in_app' }),
  },

  'GET /v1/me': { admits: 'signed-in' },
  'PUT /v1/me': { admits: 'signed-in', body: (world, { caller }) => ({ first_name: 'Mat', last_name: 'Rix', email: account(world, caller).email, timezone: 'Australia/Sydney' }) },
  'DELETE /v1/me': { admits: 'signed-in', body: () => ({ password: 'not-the-password' }) },
  'PUT /v1/me/password': { admits: 'signed-in', body: () => ({ current_password: 'not-the-password', new_password: 'matrix-password-3' }) },
  'GET /v1/me/sign-in-methods': { admits: 'signed-in' },
  'DELETE /v1/me/sign-in-methods/google': { admits: 'signed-in' },

  'GET /v1/causes': { admits: 'anyone' },
  'POST /v1/causes': { admits: ['cause'], body: () => ({ name: 'Another Cause', slug: uniqueSlug('matrix-new'), category: 'health' }) },
  'GET /v1/causes/by-slug/{slug}': { admits: 'anyone', params: (world) => ({ slug: world.causeSlug }) },
  'GET /v1/causes/{id}': { admits: 'anyone', params: (world) => ({ id: world.causeId }) },
  'PUT /v1/causes/{id}': {
    admits: 'signed-in',
    owners: ['cause'],
    params: causeParams,
    body: (world, { ownership }) => ({ name: 'Matrix Cause', slug: ownership === 'own' ? world.causeSlug : world.otherCauseSlug, category: 'education', story: 'We teach.', published: true }),
  },
  'DELETE /v1/causes/{id}': { admits: 'signed-in', owners: ['cause'], params: (world, { ownership }) => ({ id: ownership === 'own' ? world.spareCauseId : world.otherCauseId }) },
  'PUT /v1/causes/{id}/logo': { admits: 'signed-in', owners: ['cause'], params: causeParams, upload: 'logo' },
  'DELETE /v1/causes/{id}/logo': { admits: 'signed-in', owners: ['cause'], params: causeParams },
  'GET /v1/users/{id}/causes': { admits: 'anyone', params: (world) => ({ id: world.accounts.cause.id }) },
  'GET /v1/causes/{id}/activity': { admits: 'anyone', params: (world) => ({ id: world.causeId }) },

  'GET /v1/site/home': { admits: 'anyone' },
  'GET /v1/blog': { admits: 'anyone', query: 'lang=vn&tag=guides' },
  'GET /v1/blog/{slug}': { admits: 'anyone', params: () => ({ slug: 'where-the-money-goes' }) },
  'POST /v1/subscription': { admits: 'anyone', body: () => ({ email: uniqueEmail('subscribe') }) },
  'POST /v1/subscription/unsubscribe': { admits: 'anyone', query: `token=${FAKE_TOKEN}` },
  'POST /v1/contact': { admits: 'anyone', body: () => ({ name: 'Mat Rix', email: uniqueEmail('contact'), topic: 'other', message: 'A question about the matrix.' }) },

  'GET /v1/reference/countries': { admits: 'anyone' },
  'GET /v1/restaurants': { admits: 'anyone' },
  'GET /v1/restaurants/by-slug/{slug}': { admits: 'anyone', params: () => ({ slug: 'no-such-restaurant' }) },
  'GET /v1/restaurants/{id}/profile': { admits: RESTAURANT_ACTORS, owners: RESTAURANT_ACTORS, params: restaurantParams },
  'PUT /v1/restaurants/{id}/profile': { admits: RESTAURANT_ACTORS, owners: RESTAURANT_ACTORS, params: restaurantParams, body: () => ({ city: 'Hobart' }) },
  'PUT /v1/restaurants/{id}/published': { admits: RESTAURANT_ACTORS, owners: RESTAURANT_ACTORS, params: restaurantParams, body: () => ({ published: false }) },
  'POST /v1/restaurants/{id}/menus': { admits: RESTAURANT_ACTORS, owners: RESTAURANT_ACTORS, params: restaurantParams, body: () => menu },
  'PUT /v1/restaurants/{id}/menus/order': { admits: RESTAURANT_ACTORS, owners: RESTAURANT_ACTORS, params: restaurantParams, body: () => ({ menu_ids: [randomUUID()] }) },
  'PUT /v1/restaurants/{id}/menus/{menuId}': {
    admits: RESTAURANT_ACTORS,
    owners: RESTAURANT_ACTORS,
    params: (world, { caller, ownership }) => ({ ...restaurantParams(world, { caller, ownership }), menuId: randomUUID() }),
    body: () => menu,
  },
  'POST /v1/restaurants/{id}/photos': { admits: RESTAURANT_ACTORS, owners: RESTAURANT_ACTORS, params: restaurantParams, upload: 'photo' },
  'DELETE /v1/restaurants/{id}/photos/{photoId}': {
    admits: RESTAURANT_ACTORS,
    owners: RESTAURANT_ACTORS,
    params: (world, { caller, ownership }) => ({ ...restaurantParams(world, { caller, ownership }), photoId: randomUUID() }),
  },
  'GET /v1/restaurants/{id}/hosting-preferences': { admits: RESTAURANT_ACTORS, owners: RESTAURANT_ACTORS, params: restaurantParams },
  'PUT /v1/restaurants/{id}/hosting-preferences': {
    admits: RESTAURANT_ACTORS,
    owners: RESTAURANT_ACTORS,
    params: restaurantParams,
    body: () => ({ weekdays: ['friday'], service_start: '18:00', service_end: '22:00', min_guests: 2, max_guests: 12, notice_days: 3, regions: [], cause_categories: [] }),
  },
  'GET /v1/me/client-preferences': { admits: ['user'] },
  'PUT /v1/me/client-preferences': { admits: ['user'], body: () => ({ dietary_needs: [] }) },

  'GET /v1/managers/{id}/restaurants': { admits: MANAGERS, owners: MANAGERS, params: managerParams },
  'POST /v1/managers/{id}/restaurants': {
    admits: MANAGERS,
    owners: MANAGERS,
    params: managerParams,
    body: () => ({ name: 'Matrix Kitchen', email: uniqueEmail('matrix-kitchen'), first_name: 'Kim', last_name: 'Do' }),
  },
  'POST /v1/managers/{id}/restaurant-requests': { admits: MANAGERS, owners: MANAGERS, params: managerParams, body: () => ({ email: uniqueEmail('matrix-request') }) },
  'DELETE /v1/managers/{id}/restaurants/{restaurantId}': {
    admits: MANAGERS,
    owners: MANAGERS,
    params: (world, { caller, ownership }) => ({ ...managerParams(world, { caller, ownership }), restaurantId: randomUUID() }),
  },
  // Only the team's top manager handles its members: a sub-manager is never an owner here.
  'GET /v1/managers/{id}/members': { admits: MANAGERS, owners: ['manager'], params: managerParams },
  'POST /v1/managers/{id}/members': { admits: MANAGERS, owners: ['manager'], params: managerParams, body: () => ({ email: uniqueEmail('matrix-member'), first_name: 'Mem', last_name: 'Ber' }) },
  'DELETE /v1/managers/{id}/members/{memberId}': {
    admits: MANAGERS,
    owners: ['manager'],
    params: (world, { caller, ownership }) => ({ ...managerParams(world, { caller, ownership }), memberId: randomUUID() }),
  },
  'GET /v1/me/manager-requests': { admits: ['seller'] },
  // `{id}` is a manager that asked this restaurant for access (own) or one that did not (other).
  'PUT /v1/me/manager-requests/{id}': { admits: ['seller'], owners: ['seller'], params: managerParams, body: () => ({ status: 'refused' }) },

  'GET /v1/payments/me/connected-account': { admits: 'signed-in' },
  'PUT /v1/payments/me/connected-account': {
    admits: ['seller', 'cause'],
    body: () => ({ country: 'AU', account_holder: 'Matrix Payee', bsb: '000-000', account_number: '000123456' }),
  },
  // With the local provider both answer 409 to a payee (its onboarding is the form above): past authorization.
  'POST /v1/payments/me/connected-account/onboarding': { admits: ['seller', 'cause'], body: () => ({ country: 'AU' }) },
  'POST /v1/payments/me/connected-account/refresh': { admits: ['seller', 'cause'] },
  'PUT /v1/payments/me/bank-details': { admits: ['seller', 'cause'], body: () => ({ country_not_listed: false }) },

  'POST /v1/bookings': { admits: ['user', 'manager', 'subManager'], body: () => ({ title: 'Matrix draft' }) },
  'GET /v1/bookings/{id}': { admits: 'signed-in', owners: BOOKING_PARTIES, params: bookingParams },
  // Only the organiser edits or deletes; the restaurant side and the cause are refused (403) like strangers (404).
  'PUT /v1/bookings/{id}': { admits: 'signed-in', owners: ORGANISERS, params: bookingParams, body: () => ({ title: 'Matrix Dinner' }) },
  'DELETE /v1/bookings/{id}': {
    admits: 'signed-in',
    owners: ORGANISERS,
    params: (world, { caller, ownership }) => ({ id: ownership === 'own' && (caller === 'user' || caller === 'manager') ? world.spareDrafts[caller] : world.foreignBookingId }),
  },
  'GET /v1/bookings/{id}/events': { admits: 'signed-in', owners: BOOKING_PARTIES, params: bookingParams },
  'PUT /v1/bookings/{id}/guest-preferences': { admits: 'signed-in', owners: ORGANISERS, params: bookingParams, body: () => ({ dietary: [{ need: 'vegan', count: 2 }] }) },
  // Rebooking the request or draft is refused with 409 (not ended yet): the organiser passes authorization.
  'POST /v1/bookings/{id}/rebook': { admits: 'signed-in', owners: ORGANISERS, params: bookingParams },
  'POST /v1/bookings/{id}/{action}': {
    admits: 'signed-in',
    owners: ['user', 'seller', 'manager', 'subManager'],
    params: (world, { caller, ownership }) => ({ ...bookingParams(world, { caller, ownership }), action: actionOf(caller) }),
  },
  'GET /v1/users/{id}/bookings': { admits: 'signed-in', owners: BOOKING_PARTIES, params: userParams },
  'GET /v1/users/{id}/bookings/summary': { admits: 'signed-in', owners: BOOKING_PARTIES, params: userParams },
  // Paying: only the organiser of a booking is an owner; the matrix's bookings are not ACCEPTED, so the owner passes
  // authorization and is refused with 409. Payments of an unknown id answer 404 to everyone signed in; who may see or
  // confirm a real payment is tested in payments.routes.test.ts.
  'GET /v1/bookings/{id}/payment-options': { admits: 'signed-in', owners: ORGANISERS, params: bookingParams },
  'POST /v1/bookings/{id}/payments': {
    admits: 'signed-in',
    owners: ORGANISERS,
    params: bookingParams,
    headers: { 'idempotency-key': 'matrix-key' },
    body: () => ({ type: 'CREDIT_CARD_DEPOSIT' }),
  },
  'GET /v1/payments/{id}': { admits: 'signed-in', params: () => ({ id: randomUUID() }) },
  'POST /v1/payments/{id}/confirm': {
    admits: 'signed-in',
    params: () => ({ id: randomUUID() }),
    body: () => ({ card: testCard() }),
  },
  'POST /v1/payments/{id}/action': { admits: 'signed-in', params: () => ({ id: randomUUID() }), body: () => ({ outcome: 'approve' }) },
  // The payments lists are the viewer's own (no id in the path): who sees which rows is tested in payment-lists.routes.test.ts.
  'GET /v1/payments': { admits: ['seller', ...MANAGERS, 'cause'] },
  'GET /v1/bookings/payments': { admits: 'signed-in' },
  'GET /v1/payments/{id}/receipt': { admits: 'signed-in', params: () => ({ id: randomUUID() }) },
  // Stripe calls it, signed in as nobody: the Stripe-Signature is its authentication (stripe-provider.routes.test.ts;
  // without the Stripe provider, as here, it is 404).
  'POST /v1/payments/webhooks/stripe': { admits: 'anyone', body: () => ({}) },
  // Who marks a real bank transfer received (restaurant side 200, client and cause 403) is tested in becs-and-bank-transfer.test.ts.
  'POST /v1/payments/{id}/mark-received': { admits: 'signed-in', params: () => ({ id: randomUUID() }) },
  // The matrix's bookings are a request and a draft: the parties pass authorization and are told there is no
  // settlement yet (409). The cancel preview is the organisers' (the request's client may cancel it; the host's draft
  // is refused with 409); the restaurant side of a request and the cause may not cancel it (403).
  'GET /v1/bookings/{id}/settlement-preview': { admits: 'signed-in', owners: BOOKING_PARTIES, params: bookingParams },
  'GET /v1/bookings/{id}/cancellation-preview': { admits: 'signed-in', owners: ORGANISERS, params: bookingParams },
  'GET /v1/bookings/{id}/open-payments': { admits: 'signed-in', owners: BOOKING_PARTIES, params: bookingParams },
  // Public share page of a confirmed event: anyone; an unconfirmed booking answers 404, tested in events.routes.test.ts.
  'GET /v1/events/{id}': { admits: 'anyone', params: (world) => ({ id: world.userBookingId }) },
  'GET /v1/events/{id}/stream': { admits: 'anyone', params: (world) => ({ id: world.userBookingId }), stream: true },
  'GET /v1/events/{id}/calendar.ics': { admits: 'anyone', params: (world) => ({ id: world.userBookingId }) },
  // Tickets: buying, the buyer's tickets page and the waiting list are for anyone (the matrix's booking is
  // not confirmed: 404; a random checkout id: 404); a guest's ticket payment is confirmed by its id alone (tickets.routes.test.ts).
  'POST /v1/events/{id}/checkouts': {
    admits: 'anyone',
    params: (world) => ({ id: world.userBookingId }),
    body: () => ({ quantity: 1, email: 'matrix-buyer@example.test', attendees: ['Matrix Guest'] }),
  },
  'GET /v1/checkouts/{id}': { admits: 'anyone', params: () => ({ id: randomUUID() }) },
  'POST /v1/events/{id}/waitlist': { admits: 'anyone', params: (world) => ({ id: world.userBookingId }), body: () => ({ email: 'matrix-waiting@example.test' }) },
  // Donations: anyone, signed in or not, gives to a published cause and reads a receipt by its
  // secret (anything else: 404, public-fields.test.ts); its payment is confirmed like a ticket payment (donations.routes.test.ts).
  'GET /v1/causes/{id}/donation-options': { admits: 'anyone', params: (world) => ({ id: world.causeId }) },
  'POST /v1/causes/{id}/donations': {
    admits: 'anyone',
    params: (world) => ({ id: world.causeId }),
    body: () => ({ amount: 2500, email: 'matrix-donor@example.test' }),
  },
  'GET /v1/donations/{id}': { admits: 'anyone', params: () => ({ id: randomUUID() }) },
  'GET /v1/causes/{id}/supporters': { admits: 'anyone', params: (world) => ({ id: world.causeId }) },
  // The donors' names and messages: the cause's owner only (anyone else signed in 403).
  'GET /v1/causes/{id}/donations': { admits: 'signed-in', owners: ['cause'], params: causeParams, query: 'page=1&limit=10' },
  // Attendees: the restaurant side and the client (the cause 403); check-in: the restaurant side only. The matrix's
  // user booking is a request (check-in 409); managers' own host drafts are tested in tickets.routes.test.ts instead.
  'GET /v1/bookings/{id}/attendees': { admits: 'signed-in', owners: ['user', 'seller'], params: bookingParams },
  'GET /v1/bookings/{id}/attendees.csv': { admits: 'signed-in', owners: ['user', 'seller'], params: bookingParams },
  'POST /v1/bookings/{id}/check-ins': { admits: 'signed-in', owners: ['seller'], params: bookingParams, body: () => ({ code: 'GT-MATRIXMATRIXMATR' }) },
  'GET /v1/restaurants/{id}/booking-options': { admits: 'signed-in', params: (world) => ({ id: world.accounts.seller.id }) },
};

/** Operations of the document without a rule (a new route must get one) and rules naming no operation. */
export function ruleCoverage(operationIds: readonly string[], rules: Record<string, AuthorizationRule>): { missing: string[]; unknown: string[] } {
  const known = new Set(operationIds);
  return { missing: operationIds.filter((id) => !(id in rules)), unknown: Object.keys(rules).filter((id) => !known.has(id)) };
}

/** What a caller should get: through (anything but 401/403), 401, 403, or refused for someone else's thing (403/404). */
export type Expectation = 'through' | 'unauthenticated' | 'forbidden' | 'not-theirs';

export function expectedOutcome(rule: AuthorizationRule, { caller, ownership }: Attempt): Expectation {
  if (rule.admits === 'anyone') return 'through';
  if (caller === 'signedOut') return 'unauthenticated';
  if (rule.admits !== 'signed-in' && !rule.admits.includes(caller)) return 'forbidden';
  if (!rule.owners) return 'through';
  return ownership === 'own' && rule.owners.includes(caller) ? 'through' : 'not-theirs';
}
