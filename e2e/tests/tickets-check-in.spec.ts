import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { PublicEventDetail } from '@goodtable/shared';
import { storeSession, useLanguage } from '../fixtures.ts';
import { demoSignIn } from '../support/bookings.ts';
import { moveClock } from '../support/clock.ts';
import { buyTicketsThroughApi, confirmedEvent } from '../support/tickets.ts';

// The test books, confirms and sells an event through the API before the restaurant's screens: more than 30 s when busy.
// Check-in opens 12 hours before an event: this file moves the shared business clock to the event's evening, so the
// config runs it alone after every other spec (CLOCK_MOVING_SPECS).
test.describe.configure({ timeout: 90_000 });

const HOUR = 3_600_000;

/** Moves the business clock to an hour before the event starts, when the doors open. */
async function moveClockToDoors(request: APIRequestContext, event: PublicEventDetail) {
  const clock = (await (await request.get('/dev/clock')).json()) as { now: string };
  await moveClock(request, Date.parse(event.date) - Date.parse(clock.now) - HOUR);
}

for (const language of ['en', 'vn'] as const) {
  test(`in ${language}, days before the event the restaurant is told check-in opens 12 hours before it starts; nothing changes`, async ({ page, request }) => {
    const event = await confirmedEvent(request, `check-in-early-${language}`);
    const [ticket] = (await buyTicketsThroughApi(request, { eventId: event.id, attendees: ['Mai Nguyen'] })).tickets;
    await useLanguage(page, language);
    await storeSession(page, (await demoSignIn(request, 'seller')).token);
    await page.goto(`/bookings/${event.id}`);
    const attendees = page.getByRole('region', { name: language === 'en' ? 'Attendees (1)' : 'Người tham dự (1)' });
    await attendees.getByLabel(language === 'en' ? 'Ticket code' : 'Mã vé').fill(ticket!.code);
    await attendees.getByRole('button', { name: language === 'en' ? 'Check in' : 'Check-in', exact: true }).click();
    const why = language === 'en' ? 'Check-in opens 12 hours before the event starts.' : 'Check-in mở 12 giờ trước khi sự kiện bắt đầu.';
    await expect(page.getByRole('alert').filter({ hasText: why })).toBeVisible();
    await expect(attendees.getByRole('row', { name: /Mai Nguyen/ })).toContainText(language === 'en' ? 'Not yet' : 'Chưa');
  });
}

test('on the event day the restaurant checks attendees in by code, is told of a second check-in, and exports the list', async ({ page, request }) => {
  const event = await confirmedEvent(request, 'check-in');
  const order = await buyTicketsThroughApi(request, { eventId: event.id, attendees: ['Mai Nguyen', 'Tom Walker'] });
  const mai = order.tickets.find((ticket) => ticket.attendee_name === 'Mai Nguyen')!;
  await moveClockToDoors(request, event);

  await useLanguage(page, 'en');
  await storeSession(page, (await demoSignIn(request, 'seller')).token);
  await page.goto(`/bookings/${event.id}`);
  const attendees = page.getByRole('region', { name: 'Attendees (2)' });
  await expect(attendees.getByRole('row', { name: /Mai Nguyen/ })).toContainText('Not yet');

  // The code as a door person would type it from the ticket: lower case and with spaces around it.
  await attendees.getByLabel('Ticket code').fill(`  ${mai.code.toLowerCase()} `);
  await attendees.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Mai Nguyen is checked in.' })).toBeVisible();
  await expect(attendees.getByRole('row', { name: /Mai Nguyen/ })).toContainText('Checked in by Marco Rossi');
  await expect(attendees.getByRole('row', { name: /Tom Walker/ })).toContainText('Not yet');
  await expect(attendees.getByLabel('Ticket code')).toHaveValue('');

  // The same ticket again is refused, saying who checked it in and when; nothing changes.
  await attendees.getByLabel('Ticket code').fill(mai.code);
  await attendees.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /Mai Nguyen was already checked in by Marco Rossi at \d{4}-\d\d-\d\d \d\d:\d\d [AP]M\./ })).toBeVisible();

  // A code that is no ticket of this event.
  await attendees.getByLabel('Ticket code').fill('GT-NOTATICKET');
  await attendees.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No ticket of this event has this code.' })).toBeVisible();

  // The list as CSV, for the door or a spreadsheet.
  const download = page.waitForEvent('download');
  await attendees.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('attendees.csv');
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('"Attendee","Ticket code","Buyer email","Checked in at","Checked in by"');
  expect(lines).toHaveLength(3);
  expect(lines.find((line) => line.startsWith('"Mai Nguyen"'))).toMatch(new RegExp(`^"Mai Nguyen","${mai.code}","[^"]+@[^"]+","\\d{4}-[^"]+","Marco Rossi"$`));
  expect(lines.find((line) => line.startsWith('"Tom Walker"'))).toMatch(/,"",""$/);
});

test('in Vietnamese, the restaurant checks a guest in and is told of a second check-in', async ({ page, request }) => {
  const event = await confirmedEvent(request, 'check-in-vn');
  const [lan] = (await buyTicketsThroughApi(request, { eventId: event.id, attendees: ['Lan Pham'] })).tickets;
  await moveClockToDoors(request, event);

  await useLanguage(page, 'vn');
  await storeSession(page, (await demoSignIn(request, 'seller')).token);
  await page.goto(`/bookings/${event.id}`);
  const attendees = page.getByRole('region', { name: 'Người tham dự (1)' });
  await expect(attendees.getByRole('row', { name: /Lan Pham/ })).toContainText('Chưa');

  await attendees.getByLabel('Mã vé').fill(lan!.code);
  await attendees.getByRole('button', { name: 'Check-in', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Lan Pham đã được check-in.' })).toBeVisible();
  await expect(attendees.getByRole('row', { name: /Lan Pham/ })).toContainText('Check-in bởi Marco Rossi');

  await attendees.getByLabel('Mã vé').fill(lan!.code);
  await attendees.getByRole('button', { name: 'Check-in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /Lan Pham đã được Marco Rossi check-in lúc \d{4}-\d\d-\d\d \d\d:\d\d/ })).toBeVisible();
  await expect(attendees.getByRole('button', { name: 'Xuất CSV' })).toBeVisible();
});
