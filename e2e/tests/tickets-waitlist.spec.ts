import { expect, test } from '@playwright/test';
import { MAX_TICKETS_PER_CHECKOUT } from '@goodtable/shared';
import { uniqueEmail, useLanguage } from '../fixtures.ts';
import { moveClock } from '../support/clock.ts';
import { waitForEmail } from '../support/mailbox.ts';
import { buyTicketsThroughApi, confirmedEvent, holdTicketsThroughApi } from '../support/tickets.ts';

// This file moves the shared business clock past a ticket hold, so the config runs it alone after every other spec.
test.describe.configure({ timeout: 120_000 });

const names = (count: number, from: number) => Array.from({ length: count }, (_, index) => `Guest ${from + index}`);

test('a sold-out event puts a visitor on its waiting list; a hold that runs out offers the seat by email and on the open page', async ({ page, request }) => {
  const event = await confirmedEvent(request, 'waitlist');
  // Every seat but one sold; the last one held by a buyer who never pays.
  for (let sold = 0; sold < event.tickets_total - 1; ) {
    const count = Math.min(event.tickets_total - 1 - sold, MAX_TICKETS_PER_CHECKOUT);
    await buyTicketsThroughApi(request, { eventId: event.id, attendees: names(count, sold + 1) });
    sold += count;
  }
  await holdTicketsThroughApi(request, { eventId: event.id, attendees: ['Late Buyer'] });

  await useLanguage(page, 'en');
  await page.goto(`/share/${event.id}`);
  await expect(page.getByTestId('share-tickets-left')).toHaveText('Sold out');
  await expect(page.getByRole('link', { name: 'Buy tickets' })).toHaveCount(0);
  const waitlist = page.getByRole('form', { name: 'Waiting list' });
  await waitlist.getByLabel('Your email').fill('not-an-email');
  await waitlist.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(waitlist.getByText('Enter a valid email address.')).toBeVisible();
  const email = uniqueEmail('waitlist');
  await waitlist.getByLabel('Your email').fill(email);
  await waitlist.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You are on the waiting list.' })).toBeVisible();

  // Sixteen minutes of business time later the unpaid hold is released: the open page offers the seat again, live,
  // and the waiting list is told by email.
  await moveClock(request, 16 * 60_000);
  await expect(page.getByTestId('share-tickets-left')).toHaveText(`1 ticket left of ${event.tickets_total}`, { timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Buy tickets' })).toBeVisible();
  const offer = await waitForEmail(request, { to: email, subject: new RegExp(`^Tickets available: ${event.title}$`) });
  expect(offer.text).toContain(`/share/${event.id}`);
});
