import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LOCAL_STORAGE_LANGUAGE_KEY, ROLES, ROUTE_ACCESS, type AuthResponse, type Role } from '@goodtable/shared';
import { storeSession } from '../fixtures.ts';
import { bearer, demoSignIn } from '../support/bookings.ts';
import { collectConsoleErrors, layoutShiftOf, MAX_LAYOUT_SHIFT, openAndSettle, recordLayoutShifts, sidewaysOverflow } from '../support/page-health.ts';
import { buyTicketsThroughApi, confirmedEvent, holdTicketsThroughApi } from '../support/tickets.ts';

// Every route of the route-access table, as each role it admits and signed out, at two widths in two languages:
// several hundred page loads, split by visitor, language and kind of page so that the tests share the workers.
test.describe.configure({ timeout: 300_000 });

const LANGUAGES = ['en', 'vn'] as const;
type Language = (typeof LANGUAGES)[number];
/** Each route is loaded at these widths: a phone and a laptop. */
const LOADED_WIDTHS = [390, 1280] as const;
/** After its load at 1280 px, the page is also resized to these widths: a tablet and a wide screen must not scroll sideways either. */
const RESIZED_WIDTHS = [768, 1440] as const;
const HEIGHT = 900;

/** The demo data a route's `:id` stands for, found through the API. */
type SweepIds = {
  blogPost: string;
  causeSlug: string;
  /** A cause of the demo cause account (its owner may edit it). */
  ownCause: string;
  restaurantSlug: string;
  /** A confirmed event with tickets on sale (its own, so buying here changes no other test's event). */
  event: string;
  eventCause: string;
  ticketOrder: string;
  /** The payment of a ticket checkout not paid yet (its extra confirmation step). */
  heldTicketPayment: string;
  /** A booking the visitor takes part in (a request awaiting the restaurant's answer). */
  booking: string;
  /** An event the visitor takes part in, confirmed or completed: its page shows money and attendees besides. */
  bookingToView: string;
  /** A booking awaiting the visitor's payment, or where the demo data has none, `booking` (the page says why it is not to pay). */
  bookingToPay: string;
  /** A paid deposit of a booking every demo account takes part in. */
  payment: string;
  /** The restaurant the visitor runs (its own, or the manager's first). */
  restaurant: string;
};

/** Which demo id each parameterised route of the table is opened with. */
const ID_OF_ROUTE: Record<string, keyof SweepIds> = {
  '/blog/:id': 'blogPost',
  '/cause/:id': 'causeSlug',
  '/cause/:id/edit': 'ownCause',
  '/share/:id': 'event',
  '/share/:id/payment': 'event',
  '/donate/:id': 'eventCause',
  '/intermediary/:id': 'heldTicketPayment',
  '/tickets/:id': 'ticketOrder',
  '/:id': 'restaurantSlug',
  '/bookings/:id': 'bookingToView',
  '/bookings/:id/edit': 'booking',
  '/bookings/:id/change-time': 'booking',
  '/bookings/:id/suggest-a-time': 'booking',
  '/bookings/:id/guest-preferences': 'booking',
  '/bookings/:id/payment': 'bookingToPay',
  '/payments/:id/receipt': 'payment',
  '/guests/:id/guest-preferences': 'restaurant',
  '/guests/:id/restaurant-profile': 'restaurant',
  '/restaurants/:id/bookings': 'restaurant',
};

function pathOf(route: string, ids: Partial<SweepIds>): string {
  if (!route.includes(':')) return route;
  const key = ID_OF_ROUTE[route];
  expect(key, `the sweep knows which demo id opens ${route}`).toBeDefined();
  const id = ids[key!];
  expect(id, `${key} for ${route}`).toBeDefined();
  return route.replace(':id', id!);
}

async function getJson<T>(request: APIRequestContext, { url, auth }: { url: string; auth?: AuthResponse }): Promise<T> {
  const response = await request.get(url, auth ? { headers: bearer(auth) } : {});
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

type Listed = { data: { id: string; slug?: string; status?: string }[] };

/** The ids every visitor shares: public pages' demo data, and one payment every demo account may read. */
async function sharedIds(request: APIRequestContext): Promise<Pick<SweepIds, 'blogPost' | 'causeSlug' | 'ownCause' | 'restaurantSlug' | 'payment'>> {
  const causeAccount = await demoSignIn(request, 'cause');
  const [blog, causes, restaurants, ownCauses] = await Promise.all([
    getJson<{ data: { slug: string }[] }>(request, { url: '/v1/blog' }),
    getJson<Listed>(request, { url: '/v1/causes?limit=1' }),
    getJson<Listed>(request, { url: '/v1/restaurants?limit=1' }),
    getJson<Listed>(request, { url: `/v1/users/${causeAccount.user.id}/causes`, auth: causeAccount }),
  ]);
  // The demo client's payment to the demo restaurant: every demo account takes part in each of that restaurant's
  // bookings, so each may read the receipt.
  const [client, seller] = await Promise.all([demoSignIn(request, 'user'), demoSignIn(request, 'seller')]);
  const payments = await getJson<{ data: { payment_id: string | null; booking: { restaurant: { id: string } } | null }[] }>(request, { url: '/v1/bookings/payments?limit=100', auth: client });
  const payment = payments.data.find((row) => row.payment_id && row.booking?.restaurant.id === seller.user.id);
  expect(payment, 'the demo client has paid the demo restaurant').toBeDefined();
  return {
    blogPost: blog.data[0]!.slug,
    causeSlug: causes.data[0]!.slug!,
    ownCause: ownCauses.data[0]!.id,
    restaurantSlug: restaurants.data[0]!.slug!,
    payment: payment!.payment_id!,
  };
}

/** The visitor's own demo data: a request and an event it takes part in, a booking to pay, and for a restaurant side the restaurant it runs. */
async function visitorIds(request: APIRequestContext, { auth, role }: { auth: AuthResponse; role: Role }): Promise<Pick<SweepIds, 'booking' | 'bookingToView' | 'bookingToPay'> & Partial<Pick<SweepIds, 'restaurant'>>> {
  const bookings = await getJson<Listed>(request, { url: `/v1/users/${auth.user.id}/bookings?limit=100`, auth });
  const pending = bookings.data.find((row) => row.status === 'PENDING');
  expect(pending, `the demo ${role} takes part in a pending request`).toBeDefined();
  const accepted = bookings.data.find((row) => row.status === 'ACCEPTED');
  const event = bookings.data.find((row) => row.status === 'CONFIRMED' || row.status === 'COMPLETED');
  expect(event, `the demo ${role} takes part in a confirmed or completed event`).toBeDefined();
  const own = { booking: pending!.id, bookingToView: event!.id, bookingToPay: (accepted ?? pending)!.id };
  if (role === 'seller') return { ...own, restaurant: auth.user.id };
  if (role === 'manager') {
    const managed = await getJson<Listed>(request, { url: `/v1/managers/${auth.user.id}/restaurants?status=active`, auth });
    return { ...own, restaurant: managed.data[0]!.id };
  }
  return own;
}

/** A new confirmed event of the demo restaurant, one paid ticket order and one checkout held at its payment step. */
async function eventIds(request: APIRequestContext, label: string): Promise<Pick<SweepIds, 'event' | 'eventCause' | 'ticketOrder' | 'heldTicketPayment'>> {
  const event = await confirmedEvent(request, label);
  const order = await buyTicketsThroughApi(request, { eventId: event.id, attendees: ['Lê Thị Hồng Nhung'] });
  const held = await holdTicketsThroughApi(request, { eventId: event.id, attendees: ['Tom Walker'] });
  return { event: event.id, eventCause: event.cause!.id, ticketOrder: order.id, heldTicketPayment: held.payment.id };
}

/**
 * The browser logs every refused request as an error. Two refusals are the page's answer, shown as such: the payment
 * page of a booking that is not the visitor's to pay (403) or not awaiting payment (409) says so on screen, and the
 * not-found page is served with its status, 404, as search engines expect of it.
 */
function isAnsweredRefusal(consoleError: string): boolean {
  return /status of (403|409)\b.*\/payment-options\)$/.test(consoleError) || /status of 404\b.*\/404\)$/.test(consoleError);
}

/**
 * Opens every path at each loaded width and reports what is wrong: a page wider than the window (at the loaded
 * widths and, resized, at the others), a console error, a layout shift above MAX_LAYOUT_SHIFT once the data has
 * loaded. One language per call: the language is the visitor's saved choice, set before the page loads.
 */
async function sweep(
  page: Page,
  { paths, language, loadedWidths = LOADED_WIDTHS }: { paths: string[]; language: Language; loadedWidths?: readonly (typeof LOADED_WIDTHS)[number][] },
): Promise<string[]> {
  const problems: string[] = [];
  const consoleErrors = collectConsoleErrors(page);
  // A loaded width left out is still checked for sideways scrolling, by resizing.
  const resizedWidths = [...RESIZED_WIDTHS, ...LOADED_WIDTHS.filter((width) => !loadedWidths.includes(width))];
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LOCAL_STORAGE_LANGUAGE_KEY, language] as const);
  for (const width of loadedWidths) {
    await page.setViewportSize({ width, height: HEIGHT });
    for (const path of paths) {
      const where = `${path} at ${width} px in ${language}`;
      await openAndSettle(page, path);
      const shift = await layoutShiftOf(page);
      if (shift.total > MAX_LAYOUT_SHIFT) {
        problems.push(`${where}: layout shift ${shift.total.toFixed(3)} (${shift.shifts.map((one) => `${one.value.toFixed(3)} ${one.sources.join(' + ')}`).join('; ')})`);
      }
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) problems.push(`${where}: ${overflow} px wider than the window`);
      for (const error of consoleErrors.take().filter((text) => !isAnsweredRefusal(text))) problems.push(`${where}: console error ${error}`);
      if (width === 1280) {
        for (const resized of resizedWidths) {
          await page.setViewportSize({ width: resized, height: HEIGHT });
          const resizedOverflow = await sidewaysOverflow(page);
          if (resizedOverflow > 0) problems.push(`${path} resized to ${resized} px in ${language}: ${resizedOverflow} px wider than the window`);
        }
        await page.setViewportSize({ width, height: HEIGHT });
      }
    }
  }
  return problems;
}

const publicRoutes = ROUTE_ACCESS.filter((row) => row.access === 'public').map((row) => row.path);
const signedOutRoutes = ROUTE_ACCESS.filter((row) => row.access !== 'signed-in').map((row) => row.path);

for (const language of LANGUAGES) {
  test(`signed out, in ${language}: every public and signed-out page fits 390 and 1280 px, logs no error and does not shift`, async ({ page, request }) => {
    await recordLayoutShifts(page.context());
    const ids = { ...(await sharedIds(request)), ...(await eventIds(request, `sweep-${language}`)) };
    await page.goto('/favicon.svg');
    expect(await sweep(page, { paths: signedOutRoutes.map((route) => pathOf(route, ids)), language })).toEqual([]);
  });

  for (const role of ROLES) {
    test(`as the ${role}, in ${language}: every page the ${role} may open fits 390 and 1280 px, logs no error and does not shift`, async ({ page, request }) => {
      await recordLayoutShifts(page.context());
      const auth = await demoSignIn(request, role);
      const ids = { ...(await sharedIds(request)), ...(await visitorIds(request, { auth, role })) };
      const routes = ROUTE_ACCESS.flatMap((row) => (row.access === 'signed-in' && row.roles.includes(role) ? [row.path] : []));
      await storeSession(page, auth.token);
      expect(await sweep(page, { paths: routes.map((route) => pathOf(route, ids)), language })).toEqual([]);
    });
  }

  // Signed in, a public page has the role's header (a manager's restaurant switcher, a cause's links, a client's bell
  // and profile menu): public pages are swept as every role, each in a test of its own so that they share the workers.
  // They are loaded at 1280 px and resized to the other widths: their content loads at 390 px signed out above, and
  // the signed-in header loads at 390 px on every page of the role.
  for (const role of ROLES) {
    test(`as the ${role}, in ${language}: every public page fits 390 and 1280 px, logs no error and does not shift`, async ({ page, request }) => {
      await recordLayoutShifts(page.context());
      const auth = await demoSignIn(request, role);
      const ids = { ...(await sharedIds(request)), ...(await eventIds(request, `sweep-${role}-${language}`)) };
      await storeSession(page, auth.token);
      expect(await sweep(page, { paths: publicRoutes.map((route) => pathOf(route, ids)), language, loadedWidths: [1280] })).toEqual([]);
    });
  }
}
