import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';
import { ticketSalesKit } from '../tickets/test/ticket-sales.ts';

/**
 * What an event and a cause say they raised is what the cause receives (settlement: cause = max(0, R − P − F) + D).
 * The kit: menu M = 50.00 per head, tickets T = 60.00, platform fee 5 %, in AUD.
 */
describe('money raised for a cause: events (selling, settled, cancelled), cause pages and the home page', () => {
  const { testApp, kit, w } = useBookingWorld();

  const sales = () => ticketSalesKit(kit, w);
  const event = async (id: string) => kit.expectOk(await kit.api.get(`/v1/events/${id}`));

  /** What the ledger's settlement credited to the cause for the booking. */
  async function ledgerCauseShare(bookingId: string): Promise<number> {
    const rows = await testApp.app.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(eq(ledgerTransactions.bookingId, bookingId), eq(ledgerTransactions.kind, 'settlement'), eq(ledgerAccounts.purpose, 'cause_earnings'), gt(ledgerEntries.amount, 0)));
    return rows.reduce((sum, row) => sum + row.amount, 0);
  }

  it('an undersold event has raised only its donations for the cause: the tickets’ revenue pays for the minimum guests’ food first', async () => {
    const { confirmedEvent, buyTickets, donate } = sales();
    const booking = await confirmedEvent({ guests: 20 });
    await buyTickets(booking.id, { quantity: 3, donation: 1500 });
    await donate(w.cause.causeId, { amount: 1000, eventId: booking.id });
    const body = await event(booking.id);
    // R = 18,000, P = 900, F = 50.00 × 20 = 100,000: the tickets give nothing yet; D = 2,500.
    expect(body).toMatchObject({ status: 'CONFIRMED', sales_open: true, raised: 2_500, raised_for_cause: 2_500 });
    // Sold out: R = 120,000, P = 6,000, F = 100,000. Each ticket's gift (its price less the dinner) is 10.00.
    expect(body).toMatchObject({ tickets_total: 20, cause_share_when_sold_out: 14_000, cause_share_per_ticket: 1_000 });
    // The public answer carries no donor's or buyer's data.
    expect(JSON.stringify(body)).not.toMatch(/@example\.test|Guest 1/);
  });

  it('a sold-out event has raised its donations plus the ticket revenue left after the fee and the food', async () => {
    const { confirmedEvent, buyTickets } = sales();
    const booking = await confirmedEvent({ guests: 4 });
    await buyTickets(booking.id, { quantity: 4, donation: 1_000 });
    // R = 24,000, P = 1,200, F = 20,000: 2,800 from the tickets, D = 1,000.
    expect(await event(booking.id)).toMatchObject({ status: 'CONFIRMED', tickets_left: 0, raised_for_cause: 3_800, cause_share_when_sold_out: 2_800 });
  });

  it('a settled event has raised what the ledger paid its cause; its cause and the home page count only donations and settled shares', async () => {
    const { confirmedEvent, buyTickets, donate } = sales();
    const cause = await kit.cause('Library Corner');
    const homeBefore = (await kit.expectOk(await kit.api.get('/v1/site/home'))).raised as { currency: string; amount: number }[];
    const audBefore = homeBefore.find((money) => money.currency === 'AUD')?.amount ?? 0;

    const settled = await confirmedEvent({ guests: 4, hoursAhead: 2, cause });
    await buyTickets(settled.id, { quantity: 4, donation: 1_000 });
    // Another event of the cause still selling, undersold: its ticket sales are nobody's yet.
    const selling = await confirmedEvent({ guests: 20, cause });
    await buyTickets(selling.id, { quantity: 5 });
    await donate(cause.causeId, { amount: 700 });

    await kit.advance(6 * kit.HOUR);
    await kit.expectOk(await kit.act(settled, { action: 'mark-complete', by: w.restaurant }));
    expect((await kit.confirmComplete(settled, w.client)).status).toBe('COMPLETED');

    const body = await event(settled.id);
    expect(body).toMatchObject({ status: 'COMPLETED', sales_open: false });
    expect(body.raised_for_cause).toBe(await ledgerCauseShare(settled.id));
    expect(body.raised_for_cause).toBe(3_800);

    const activity = await kit.expectOk(await kit.api.get(`/v1/causes/${cause.causeId}/activity`));
    expect(activity).toMatchObject({ raised: [{ currency: 'AUD', amount: 3_800 + 700 }], completed_events: 1 });
    const home = await kit.expectOk(await kit.api.get('/v1/site/home'));
    expect(home.raised.find((money: { currency: string }) => money.currency === 'AUD')?.amount).toBe(audBefore + 3_800 + 700);
  });

  it('a cancelled event still answers, with its status and nothing raised (everything was refunded); an unknown or never-confirmed one is 404', async () => {
    const { confirmedEvent, buyTickets } = sales();
    const booking = await confirmedEvent({ guests: 4 });
    await buyTickets(booking.id, { quantity: 2, donation: 500 });
    await kit.expectOk(await kit.act(booking, { action: 'cancel', by: w.client }));
    expect(await event(booking.id)).toMatchObject({ id: booking.id, status: 'CANCELED', sales_open: false, raised_for_cause: 0 });

    const withdrawn = await kit.pending(w);
    await kit.expectOk(await kit.act(withdrawn, { action: 'cancel', by: w.client }));
    for (const id of [withdrawn.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await kit.api.get(`/v1/events/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.body.code).toBe('events.notFound');
    }
  });
});
