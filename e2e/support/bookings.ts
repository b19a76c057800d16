import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { WEEKDAYS, type AuthResponse, type Booking, type BookingOptions } from '@goodtable/shared';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, signInThroughApi } from '../fixtures.ts';

export const bearer = (auth: AuthResponse) => ({ Authorization: `Bearer ${auth.token.access_token}` });

export function demoSignIn(request: APIRequestContext, role: keyof typeof DEMO_ACCOUNTS): Promise<AuthResponse> {
  return signInThroughApi(request, { email: DEMO_ACCOUNTS[role], password: DEMO_PASSWORD });
}

/** A title no other test uses, so a list searched for it shows only this test's bookings. */
export function uniqueTitle(label: string): string {
  return `${label} ${randomUUID().slice(0, 8)}`;
}

/** Minutes the zone's clock is ahead of UTC at `instantMs`. */
function zoneOffsetMinutes(timeZone: string, instantMs: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(instantMs)
      .map((part) => [part.type, Number(part.value)]),
  );
  return (Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!) - instantMs) / 60_000;
}

/** The instant a wall clock in `timeZone` reads `hh:mm` on the calendar day `day` (UTC midnight of that date). */
function zonedInstant(day: Date, { time, timeZone }: { time: string; timeZone: string }): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hours, minutes);
  const first = wall - zoneOffsetMinutes(timeZone, wall) * 60_000;
  return new Date(wall - zoneOffsetMinutes(timeZone, first) * 60_000).toISOString();
}

/**
 * A date the restaurant hosts on, `minDaysAhead` days or more after the server's business clock (its notice days
 * respected): the first hosted weekday, at the start of service in the restaurant's zone.
 */
export async function hostedDate(request: APIRequestContext, { options, minDaysAhead = 0 }: { options: BookingOptions; minDaysAhead?: number }): Promise<string> {
  const clock = (await (await request.get('/dev/clock')).json()) as { now: string };
  const timeZone = options.restaurant.timezone!;
  const now = Date.parse(clock.now);
  const offset = zoneOffsetMinutes(timeZone, now) * 60_000;
  const today = new Date(now + offset);
  for (let days = Math.max(options.hosting.notice_days + 1, minDaysAhead); days < options.hosting.notice_days + 30; days += 1) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days));
    const weekday = WEEKDAYS[(day.getUTCDay() + 6) % 7]!;
    if (options.hosting.weekdays.includes(weekday)) return zonedInstant(day, { time: options.hosting.service_start, timeZone });
  }
  throw new Error('No hosted day in the next month');
}

export type BookingWorld = {
  client: AuthResponse;
  restaurantId: string;
  options: BookingOptions;
  causeId: string;
};

/** What a request needs: the restaurant's menus and hosting rules, and a cause of the demo cause account. */
export async function bookingWorld(request: APIRequestContext, { client, restaurantId }: { client: AuthResponse; restaurantId?: string }): Promise<BookingWorld> {
  const restaurant = restaurantId ?? (await demoSignIn(request, 'seller')).user.id;
  const optionsResponse = await request.get(`/v1/restaurants/${restaurant}/booking-options`, { headers: bearer(client) });
  expect(optionsResponse.status(), 'booking options').toBe(200);
  const cause = await demoSignIn(request, 'cause');
  const causes = (await (await request.get(`/v1/users/${cause.user.id}/causes`, { headers: bearer(cause) })).json()) as { data: { id: string }[] };
  return { client, restaurantId: restaurant, options: (await optionsResponse.json()) as BookingOptions, causeId: causes.data[0]!.id };
}

/** A complete request, created as a draft and (unless `submit` is false) sent to the restaurant: PENDING. */
export async function createRequest(
  request: APIRequestContext,
  { world, title, submit = true, daysAhead = 0 }: { world: BookingWorld; title: string; submit?: boolean; daysAhead?: number },
): Promise<Booking> {
  const menu = world.options.menus[0]!;
  const created = await request.post('/v1/bookings', {
    headers: bearer(world.client),
    data: {
      restaurant_id: world.restaurantId,
      menu_id: menu.id,
      date: await hostedDate(request, { options: world.options, minDaysAhead: daysAhead }),
      guests: Math.max(menu.min_guests, world.options.hosting.min_guests),
      cause_id: world.causeId,
      title,
      story: 'A dinner among friends to raise money for the cause.',
      ticket_price: menu.price + 2500,
    },
  });
  expect(created.status(), `create ${title}`).toBe(201);
  const draft = (await created.json()) as Booking;
  if (!submit) return draft;
  const submitted = await request.post(`/v1/bookings/${draft.id}/submit`, { headers: bearer(world.client), data: {} });
  expect(submitted.status(), `submit ${title}: ${await submitted.text()}`).toBe(200);
  return (await submitted.json()) as Booking;
}

/** A draft with only a title (a draft may leave everything else out). */
export async function createDraft(request: APIRequestContext, { client, title }: { client: AuthResponse; title: string }): Promise<Booking> {
  const created = await request.post('/v1/bookings', { headers: bearer(client), data: { title } });
  expect(created.status(), `draft ${title}`).toBe(201);
  return (await created.json()) as Booking;
}

export async function postAction(request: APIRequestContext, { auth, bookingId, action, data = {} }: { auth: AuthResponse; bookingId: string; action: string; data?: object }): Promise<Booking> {
  const response = await request.post(`/v1/bookings/${bookingId}/${action}`, { headers: bearer(auth), data });
  expect(response.status(), `${action}: ${await response.text()}`).toBe(200);
  return (await response.json()) as Booking;
}
