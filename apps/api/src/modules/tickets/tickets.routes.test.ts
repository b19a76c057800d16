import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, notifications, ledgerAccounts, ledgerEntries, ledgerTransactions, payments, refunds, ticketCheckouts, tickets } from '../../db/schema/index.ts';
import { readMailbox, waitForEmail } from '../../../test/support/mailbox.ts';
import { messagesOf, openSseStream } from '../../../test/support/sse-client.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';
import { checkLedger } from '../payments/ledger.ts';
import { TEST_CARDS, testCard } from '@goodtable/shared';

const CARD = testCard();
const card = (number: string) => ({ card: { ...CARD, number } });
const MINUTE = 60_000;

/**
 * Tickets for a confirmed event: the kit's requests book 20 guests with tickets at 60.00 (T) and
 * a menu at 50.00 per head (M), in AUD. Buyers are guests: no token anywhere unless said.
 */
describe('ticket checkout as a guest: holds, payment, tickets, settlement and refunds', () => {
  const { testApp, kit, w } = useBookingWorld();

  const db = () => testApp.app.db;
  const api = () => kit.api;
  const names = (count: number) => Array.from({ length: count }, (_, index) => `Guest ${index + 1}`);
  const body = (quantity: number, extra: Record<string, unknown> = {}) => ({ quantity, email: 'buyer@example.test', attendees: names(quantity), ...extra });

  /** A CONFIRMED event (deposit paid), `hoursAhead` from now, with `guests` seats. */
  async function confirmedEvent(guests = 20, hoursAhead = 30 * 24) {
    const created = await kit.draft(w.client, await kit.requestBody(w, { overrides: { guests }, hoursAhead }));
    await kit.expectOk(await kit.act(created, { action: 'submit', by: w.client }));
    await kit.expectOk(await kit.act(created, { action: 'accept', by: w.restaurant }));
    const payment = await kit.expectOk(await api().post(`/v1/bookings/${created.id}/payments`, { body: { type: 'CREDIT_CARD_DEPOSIT' }, token: w.client.token, headers: { 'idempotency-key': randomUUID() } }), 201);
    expect((await kit.expectOk(await api().post(`/v1/payments/${payment.id}/confirm`, { body: { card: CARD }, token: w.client.token }))).status).toBe('succeeded');
    return created as { id: string };
  }

  async function buy(eventId: string, { quantity, extra = {}, number = CARD.number }: { quantity: number; extra?: Record<string, unknown>; number?: string }) {
    const checkout = await kit.expectOk(await api().post(`/v1/events/${eventId}/checkouts`, { body: body(quantity, extra) }), 201);
    const paid = await api().post(`/v1/payments/${checkout.payment.id}/confirm`, { body: card(number) });
    return { checkout, paid };
  }

  const progress = async (eventId: string) => {
    const event = await kit.expectOk(await api().get(`/v1/events/${eventId}`));
    return { tickets_total: event.tickets_total, tickets_left: event.tickets_left, raised: event.raised };
  };

  it('holds tickets, takes the guest’s card by the payment id alone, issues one ticket per attendee and counts the donation', async () => {
    const event = await confirmedEvent();
    expect(await progress(event.id)).toEqual({ tickets_total: 20, tickets_left: 20, raised: 0 });
    const stream = await openSseStream(`${testApp.baseUrl}/v1/events/${event.id}/stream`);
    try {
      const created = await api().post(`/v1/events/${event.id}/checkouts`, { body: body(3, { donation: 2500, amount: 1 }) });
      expect(created.status).toBe(201);
      const checkout = created.body;
      // The server's amount: 3 × 60.00 + 25.00, whatever the browser sent.
      expect(checkout).toMatchObject({ amount: 20500, currency: 'AUD', payment: { status: 'requires_payment_method' } });
      expect(Date.parse(checkout.expires_at) - (await kit.now())).toBeGreaterThan(14 * MINUTE);
      expect(Date.parse(checkout.expires_at) - (await kit.now())).toBeLessThanOrEqual(15 * MINUTE);
      // Held tickets are not left; nothing is raised yet.
      expect(await progress(event.id)).toMatchObject({ tickets_left: 17, raised: 0 });
      await stream.waitFor((frame) => messagesOf([frame]).some((message) => JSON.parse(message.data).tickets_left === 17), 2000);

      const paid = await kit.expectOk(await api().post(`/v1/payments/${checkout.payment.id}/confirm`, { body: { card: CARD } }));
      expect(paid).toMatchObject({ status: 'succeeded', type: 'CREDIT_CARD_TICKETS', amount: 20500 });
      // What the cause receives: 3 tickets of 20 do not pay for the food yet (settlement), the donation does count.
      expect(await progress(event.id)).toEqual({ tickets_total: 20, tickets_left: 17, raised: 2500 });
      await stream.waitFor((frame) => messagesOf([frame]).some((message) => JSON.parse(message.data).raised === 2500), 2000);

      const order = await kit.expectOk(await api().get(`/v1/checkouts/${checkout.id}`));
      expect(order.status).toBe('paid');
      expect(order.tickets.map((ticket: { attendee_name: string }) => ticket.attendee_name)).toEqual(['Guest 1', 'Guest 2', 'Guest 3']);
      expect(new Set(order.tickets.map((ticket: { code: string }) => ticket.code)).size).toBe(3);
      // The gift component: 3 × (60.00 − 50.00 for the dinner) + 25.00.
      expect(order).toMatchObject({ gift_component: 5500, tax_deductible: 5500 });
      // The guest may read the payment (the intermediary page polls it); a second confirm charges nothing.
      expect((await kit.expectOk(await api().get(`/v1/payments/${checkout.payment.id}`))).status).toBe('succeeded');
      expect((await kit.expectOk(await api().post(`/v1/payments/${checkout.payment.id}/confirm`, { body: { card: CARD } }))).status).toBe('succeeded');

      const email = await waitForEmail(testApp.baseUrl, { to: 'buyer@example.test', subject: /^Your tickets: / });
      expect(email.text).toContain(`/tickets/${checkout.id}`);
      // Stated as a gift, never as tax-deductible: the cause's tax status is not known.
      expect(email.text).toContain('Gift component (to Hope Kitchen): A$55.00 (each ticket: its price less the value of the dinner, A$50.00; the donation: all of it).');
      expect(email.text).not.toMatch(/tax-deductible/i);
      for (const ticket of order.tickets) expect(email.text).toContain(ticket.code);
      const attachments = email.attachments ?? [];
      expect(attachments.filter((file) => file.content_type === 'image/svg+xml')).toHaveLength(3);
      // Each ticket's QR code is also an inline PNG the HTML shows by its content id.
      const pngs = attachments.filter((file) => file.content_type === 'image/png');
      expect(pngs).toHaveLength(3);
      for (const png of pngs) {
        expect(png.encoding).toBe('base64');
        expect(Buffer.from(png.content, 'base64').subarray(1, 4).toString('ascii')).toBe('PNG');
        expect(email.html).toContain(`src="cid:${png.cid}"`);
      }
      for (const ticket of order.tickets) expect(pngs.map((png) => png.cid)).toContain(`qr-${ticket.code}@goodtable`);
      expect(attachments.some((file) => file.filename === 'event.ics' && file.content.includes('BEGIN:VEVENT'))).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('refuses bad input with 400 naming the field and too many tickets with 409, changing nothing', async () => {
    const event = await confirmedEvent(4);
    const post = (payload: unknown) => api().post(`/v1/events/${event.id}/checkouts`, { body: payload });
    const field = (response: { body: { details?: { field: string }[] } }) => response.body.details?.map((detail) => detail.field);
    expect(field(await post(body(0, { attendees: [] })))).toContain('quantity');
    expect((await post({ ...body(1), quantity: 'two' })).status).toBe(400);
    expect(field(await post({ ...body(1), quantity: 'two' }))).toContain('quantity');
    expect(field(await post(body(2, { attendees: ['Only one'] })))).toContain('attendees');
    expect(field(await post(body(1, { email: 'not-an-email' })))).toContain('email');
    expect(field(await post(body(1, { donation: -5 })))).toContain('donation');
    const tooMany = await post(body(5));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe('tickets.notEnoughLeft');
    expect(await progress(event.id)).toMatchObject({ tickets_left: 4, raised: 0 });
    expect(await db().select().from(ticketCheckouts).where(eq(ticketCheckouts.bookingId, event.id))).toHaveLength(0);
    // Not a public event: 404.
    const pending = await kit.pending(w);
    expect((await api().post(`/v1/events/${pending.id}/checkouts`, { body: body(1) })).status).toBe(404);
  });

  it('never oversells: 12 buyers at once for 5 seats get 5 holds and 7 × 409', async () => {
    const event = await confirmedEvent(5);
    const answers = await Promise.all(Array.from({ length: 12 }, () => api().post(`/v1/events/${event.id}/checkouts`, { body: body(1) })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(7);
    // Three pay one after another (the first ticket, then half the seats), then the last two at once (sold out).
    const holds = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.payment.id as string);
    const paid = [];
    for (const id of holds.slice(0, 3)) paid.push(await api().post(`/v1/payments/${id}/confirm`, { body: { card: CARD } }));
    paid.push(...(await Promise.all(holds.slice(3).map((id) => api().post(`/v1/payments/${id}/confirm`, { body: { card: CARD } })))));
    expect(paid.every((answer) => answer.status === 200 && answer.body.status === 'succeeded')).toBe(true);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, event.id));
    expect(row).toMatchObject({ ticketsSold: 5, ticketsHeld: 0 });
    expect(await db().select().from(tickets).where(eq(tickets.bookingId, event.id))).toHaveLength(5);
    expect(await progress(event.id)).toMatchObject({ tickets_left: 0 });
    // Milestones: the organiser and the restaurant side heard of the first ticket, half sold and sold out, once each.
    for (const who of [w.client.id, w.restaurant.id, w.manager.id]) {
      const kinds = (await db().select().from(notifications).where(and(eq(notifications.objectId, event.id), eq(notifications.recipientId, who)))).map((row) => row.kind);
      expect(kinds.filter((kind) => kind.startsWith('tickets.')).sort()).toEqual(['tickets.first', 'tickets.half', 'tickets.sold_out']);
    }
    // By email too: everyone keeps ticket emails unless they chose in-app only on /account.
    for (const who of [w.client, w.restaurant, w.manager]) await waitForEmail(testApp.baseUrl, { to: who.email, subject: /^“Dinner for the shelter” is sold out$/ });
  });

  /**
   * Requests handed to the app in one turn of its event loop (light-my-request's inject, no socket): they reach the
   * batches together, in this order, as a rush of buyers does under load, where over real HTTP here each would be
   * answered before the next arrives.
   */
  async function atOnce(requests: { method: 'POST'; url: string; payload: Record<string, unknown>; headers?: Record<string, string> }[]) {
    const answers = await Promise.all(requests.map((request) => testApp.app.inject(request)));
    return answers.map((answer) => ({ status: answer.statusCode, body: answer.json() }));
  }

  it('buyers at once share the seats in arrival order: a checkout too big for what is left is refused and a smaller later one still fits', async () => {
    const event = await confirmedEvent(4);
    const key = randomUUID();
    const checkout = (quantity: number, headers: Record<string, string> = {}) => ({ method: 'POST' as const, url: `/v1/events/${event.id}/checkouts`, payload: body(quantity), headers });
    // The last two send one Idempotency-Key: the same checkout twice in one batch is made once.
    const answers = await atOnce([checkout(3), checkout(3), checkout(1, { 'idempotency-key': key }), checkout(1, { 'idempotency-key': key })]);
    expect(answers.map((answer) => [answer.status, answer.body.code ?? answer.body.quantity])).toEqual([
      [201, 3],
      [409, 'tickets.notEnoughLeft'],
      [201, 1],
      [409, 'payments.idempotencyKeyInFlight'],
    ]);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, event.id));
    expect(row).toMatchObject({ ticketsHeld: 4, ticketsSold: 0 });
    // Nothing of the refused buyers was kept: one checkout and one payment per hold.
    expect(await db().select().from(ticketCheckouts).where(eq(ticketCheckouts.bookingId, event.id))).toHaveLength(2);
    expect(await db().select().from(payments).where(and(eq(payments.bookingId, event.id), eq(payments.type, 'CREDIT_CARD_TICKETS')))).toHaveLength(2);
    expect(await progress(event.id)).toMatchObject({ tickets_left: 0 });
    // The retry of the keyed checkout gets it back.
    const retried = await kit.expectOk(await api().post(`/v1/events/${event.id}/checkouts`, { body: body(1), headers: { 'idempotency-key': key } }), 201);
    expect(retried.id).toBe(answers[2]!.body.id);
    // Over real HTTP too, whatever order they arrive in, one of the two 3s fits with the 1 on a new event.
    const other = await confirmedEvent(4);
    const overHttp = await Promise.all([3, 3, 1].map((quantity) => api().post(`/v1/events/${other.id}/checkouts`, { body: body(quantity) })));
    expect(overHttp.filter((answer) => answer.status === 201).map((answer) => answer.body.quantity as number).sort()).toEqual([1, 3]);
    expect(await progress(other.id)).toMatchObject({ tickets_left: 0 });
  });

  it('a retry that races its first try with the same Idempotency-Key is told to retry (409), keeps nothing, and then gets the checkout back', async () => {
    const event = await confirmedEvent(10);
    const headers = { 'idempotency-key': randomUUID() };
    // The first try is held up at the payment provider, after its read: the retry is read, held and committed meanwhile.
    const provider = testApp.app.paymentProvider;
    const createPayment = provider.createPayment.bind(provider);
    let reached!: () => void;
    const firstReachedProvider = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    provider.createPayment = async (input) => {
      calls += 1;
      if (calls === 1) {
        reached();
        await released;
      }
      return createPayment(input);
    };
    try {
      const first = api().post(`/v1/events/${event.id}/checkouts`, { body: body(2), headers });
      await firstReachedProvider;
      const retry = await kit.expectOk(await api().post(`/v1/events/${event.id}/checkouts`, { body: body(2), headers }), 201);
      release();
      const raced = await first;
      expect(raced.status).toBe(409);
      expect(raced.body.code).toBe('payments.idempotencyKeyInFlight');
      expect(await db().select().from(ticketCheckouts).where(eq(ticketCheckouts.bookingId, event.id))).toHaveLength(1);
      expect(await db().select().from(payments).where(and(eq(payments.bookingId, event.id), eq(payments.type, 'CREDIT_CARD_TICKETS')))).toHaveLength(1);
      expect(await progress(event.id)).toMatchObject({ tickets_left: 8 });
      const again = await kit.expectOk(await api().post(`/v1/events/${event.id}/checkouts`, { body: body(2), headers }), 201);
      expect(again).toMatchObject({ id: retry.id, payment: { id: retry.payment.id } });
    } finally {
      provider.createPayment = createPayment;
    }
  });

  it('buyers paying at once each get their own answer: the same payment confirmed four times charges once, a declined card and an extra step stay apart from the sales', async () => {
    const event = await confirmedEvent(10);
    const checkouts = [];
    for (let n = 0; n < 5; n += 1) checkouts.push(await kit.expectOk(await api().post(`/v1/events/${event.id}/checkouts`, { body: body(2, n === 0 ? { donation: 1_000 } : {}) }), 201));
    const [twice, good, declined, extraStep, alsoGood] = checkouts.map((checkout) => checkout.payment.id as string);
    const confirm = (id: string, number: string) => ({ method: 'POST' as const, url: `/v1/payments/${id}/confirm`, payload: card(number) });
    // All in one batch of confirms (`atOnce`).
    const answers = await atOnce([
      ...[1, 2, 3, 4].map(() => confirm(twice!, CARD.number)),
      confirm(good!, CARD.number),
      confirm(declined!, TEST_CARDS.declined.number),
      confirm(extraStep!, TEST_CARDS.requiresAction.number),
      confirm(alsoGood!, CARD.number),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body.status])).toEqual([
      ...[1, 2, 3, 4].map(() => [200, 'succeeded']),
      [200, 'succeeded'],
      [200, 'failed'],
      [200, 'requires_action'],
      [200, 'succeeded'],
    ]);
    expect(answers[5]!.body.failure_code).toBe('card_declined');
    // Three sales of two tickets, each charged once; the declined and the extra-step checkouts still hold theirs.
    expect(await db().select().from(tickets).where(eq(tickets.bookingId, event.id))).toHaveLength(6);
    const charges = await db()
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.bookingId, event.id), eq(ledgerTransactions.kind, 'charge')));
    const ticketPayments = new Set([twice, good, declined, extraStep, alsoGood]);
    expect(
      charges
        .map((charge) => charge.paymentId)
        .filter((id) => ticketPayments.has(id!))
        .sort(),
    ).toEqual([twice, good, alsoGood].sort());
    const [row] = await db().select().from(bookings).where(eq(bookings.id, event.id));
    expect(row).toMatchObject({ ticketsSold: 6, ticketsHeld: 4, donationsRaised: 1_000 });
    // 6 of 10 sold: 36,000 less 5 % is short of the food (50.00 × 10); the donation counts.
    expect(await progress(event.id)).toMatchObject({ tickets_left: 0, raised: 1_000 });
    // The declined buyer pays with another card; the extra step is approved: both sell.
    expect((await kit.expectOk(await api().post(`/v1/payments/${declined}/confirm`, { body: card(CARD.number) }))).status).toBe('succeeded');
    expect((await kit.expectOk(await api().post(`/v1/payments/${extraStep}/action`, { body: { outcome: 'approve' } }))).status).toBe('succeeded');
    // Sold out: 60,000 − 3,000 − 50,000, and the donation.
    expect(await progress(event.id)).toMatchObject({ tickets_left: 0, raised: 7_000 + 1_000 });
  });

  it('a declined card leaves the tickets held and another card may pay; the extra step is answered without signing in', async () => {
    const event = await confirmedEvent();
    const declined = await buy(event.id, { quantity: 2, extra: {}, number: TEST_CARDS.declined.number });
    expect(declined.paid.body).toMatchObject({ status: 'failed', failure_code: 'card_declined' });
    const poor = await api().post(`/v1/payments/${declined.checkout.payment.id}/confirm`, { body: card(TEST_CARDS.insufficientFunds.number) });
    expect(poor.body).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds' });
    expect(await progress(event.id)).toMatchObject({ tickets_left: 18, raised: 0 });
    expect((await api().post(`/v1/payments/${declined.checkout.payment.id}/confirm`, { body: card(CARD.number) })).body.status).toBe('succeeded');

    const stepped = await buy(event.id, { quantity: 1, extra: {}, number: TEST_CARDS.requiresAction.number });
    expect(stepped.paid.body).toMatchObject({ status: 'requires_action', next_action_url: `/intermediary/${stepped.checkout.payment.id}` });
    const approved = await kit.expectOk(await api().post(`/v1/payments/${stepped.checkout.payment.id}/action`, { body: { outcome: 'approve' } }));
    expect(approved.status).toBe('succeeded');
    expect(await progress(event.id)).toMatchObject({ tickets_left: 17, raised: 0 });
    expect(await db().select().from(tickets).where(eq(tickets.bookingId, event.id))).toHaveLength(3);
  });

  it('a signed-in payment still needs its payer: anonymous calls on a deposit payment are 401', async () => {
    const booking = await kit.accepted(w);
    const payment = await kit.expectOk(await api().post(`/v1/bookings/${booking.id}/payments`, { body: { type: 'CREDIT_CARD_DEPOSIT' }, token: w.client.token, headers: { 'idempotency-key': randomUUID() } }), 201);
    expect((await api().get(`/v1/payments/${payment.id}`)).status).toBe(401);
    expect((await api().post(`/v1/payments/${payment.id}/confirm`, { body: { card: CARD } })).status).toBe(401);
    expect((await api().post(`/v1/payments/${payment.id}/confirm`, { body: { card: CARD }, token: w.stranger.token })).status).toBe(404);
    expect((await api().get(`/v1/payments/${payment.id}`, { token: w.client.token })).status).toBe(200);
  });

  it('an expired hold releases its tickets (job on the business clock); paying later holds them again if still there, else 409 and no charge', async () => {
    const event = await confirmedEvent(3);
    const first = await kit.expectOk(await api().post(`/v1/events/${event.id}/checkouts`, { body: body(2) }), 201);
    expect(await progress(event.id)).toMatchObject({ tickets_left: 1 });
    await kit.advance(16 * MINUTE);
    expect(await progress(event.id)).toMatchObject({ tickets_left: 3 });
    expect((await kit.expectOk(await api().get(`/v1/checkouts/${first.id}`))).status).toBe('expired');
    // Still available: held again and sold.
    expect((await kit.expectOk(await api().post(`/v1/payments/${first.payment.id}/confirm`, { body: { card: CARD } }))).status).toBe('succeeded');
    expect(await progress(event.id)).toMatchObject({ tickets_left: 1, raised: 0 });
    expect(await db().select().from(tickets).where(eq(tickets.bookingId, event.id))).toHaveLength(2);

    const second = await kit.expectOk(await api().post(`/v1/events/${event.id}/checkouts`, { body: body(1) }), 201);
    await kit.advance(16 * MINUTE);
    await buy(event.id, { quantity: 1 });
    const late = await api().post(`/v1/payments/${second.payment.id}/confirm`, { body: { card: CARD } });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('tickets.holdExpired');
    const [payment] = await db().select().from(payments).where(eq(payments.id, second.payment.id));
    expect(payment!.status).toBe('requires_payment_method');
    // Sold out: 18,000 − 900 − 15,000 for the cause.
    expect(await progress(event.id)).toMatchObject({ tickets_left: 0, raised: 2_100 });
  });

  it('the same Idempotency-Key answers the same checkout, even once the event sold out; another body with it is 409', async () => {
    const event = await confirmedEvent();
    const headers = { 'idempotency-key': randomUUID() };
    const one = await kit.expectOk(await api().post(`/v1/events/${event.id}/checkouts`, { body: body(2), headers }), 201);
    const again = await kit.expectOk(await api().post(`/v1/events/${event.id}/checkouts`, { body: body(2), headers }), 201);
    expect(again.id).toBe(one.id);
    expect((await api().post(`/v1/events/${event.id}/checkouts`, { body: body(3), headers })).status).toBe(409);
    expect(await progress(event.id)).toMatchObject({ tickets_left: 18 });
    // Another buyer takes the other 18 seats: a new key is refused, the retry still gets its checkout back.
    await kit.expectOk(await api().post(`/v1/events/${event.id}/checkouts`, { body: body(18), headers: { 'idempotency-key': randomUUID() } }), 201);
    const refused = await api().post(`/v1/events/${event.id}/checkouts`, { body: body(1), headers: { 'idempotency-key': randomUUID() } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('tickets.notEnoughLeft');
    const retried = await kit.expectOk(await api().post(`/v1/events/${event.id}/checkouts`, { body: body(2), headers }), 201);
    expect(retried).toMatchObject({ id: one.id, quantity: 2, payment: { id: one.payment.id } });
    expect(await progress(event.id)).toMatchObject({ tickets_left: 0 });
  });

  it('tickets and donations feed the settlement: the cause receives R − P − F + D', async () => {
    // 20 guests at 50.00 (F = 100,000), 20 tickets at 60.00 (R = 120,000, P = 6,000) and 50.00 donated.
    const event = await confirmedEvent(20, 2);
    await buy(event.id, { quantity: 10, extra: { donation: 5000 } });
    await buy(event.id, { quantity: 10 });
    // 20.00 more given on /donate for this event, by a signed-in donor: a gift (D), never the client's prepayment (C).
    const gift = await kit.expectOk(
      await api().post(`/v1/causes/${w.cause.causeId}/donations`, { body: { amount: 2000, email: w.stranger.email, event_id: event.id }, token: w.stranger.token, headers: { 'idempotency-key': randomUUID() } }),
      201,
    );
    expect((await kit.expectOk(await api().post(`/v1/payments/${gift.payment.id}/confirm`, { body: { card: CARD }, token: w.stranger.token }))).status).toBe('succeeded');
    await kit.advance(6 * kit.HOUR);
    await kit.act(event, { action: 'mark-complete', by: w.restaurant }).then(kit.expectOk);
    expect((await kit.confirmComplete(event, w.client)).status).toBe('COMPLETED');
    const legs = await db()
      .select({ purpose: ledgerAccounts.purpose, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(eq(ledgerTransactions.bookingId, event.id), eq(ledgerTransactions.kind, 'settlement')));
    const of = (purpose: string) => legs.find((leg) => leg.purpose === purpose)?.amount;
    expect(of('restaurant_earnings')).toBe(100_000);
    expect(of('platform_fees')).toBe(6_000);
    expect(of('cause_earnings')).toBe(120_000 - 6_000 - 100_000 + 5_000 + 2_000);
    // The client's deposit was not needed: refunded in full, and nothing of the gift.
    const deposit = (await db().select().from(payments).where(and(eq(payments.bookingId, event.id), eq(payments.type, 'CREDIT_CARD_DEPOSIT'))))[0]!;
    expect((await db().select().from(refunds).where(eq(refunds.bookingId, event.id))).map((refund) => [refund.reason, refund.paymentId, refund.amount])).toEqual([
      ['settlement_unused_prepayment', deposit.id, deposit.amount],
    ]);
  });

  it('the restaurant cancelling refunds every ticket and donation in full, closes open holds and emails the buyers', async () => {
    const event = await confirmedEvent();
    const { checkout } = await buy(event.id, { quantity: 2, extra: { donation: 1000, email: 'refund-me@example.test' } });
    const open = await kit.expectOk(await api().post(`/v1/events/${event.id}/checkouts`, { body: body(1) }), 201);
    await kit.act(event, { action: 'cancel', by: w.restaurant }).then(kit.expectOk);
    const rows = await db().select().from(refunds).where(eq(refunds.paymentId, checkout.payment.id));
    expect(rows).toMatchObject([{ amount: 13000, reason: 'restaurant_cancelled' }]);
    expect((await kit.expectOk(await api().get(`/v1/checkouts/${checkout.id}`))).status).toBe('refunded');
    expect((await kit.expectOk(await api().get(`/v1/checkouts/${open.id}`))).status).toBe('cancelled');
    const late = await api().post(`/v1/payments/${open.payment.id}/confirm`, { body: { card: CARD } });
    expect(late.status).toBe(409);
    await waitForEmail(testApp.baseUrl, { to: 'refund-me@example.test', subject: /^Refund of A\$130\.00/ });
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('checks tickets in by code on the restaurant side: twice is refused with who and when, a forged code is 404; attendees as CSV', async () => {
    // Six hours ahead: check-in is open (from 12 hours before the start).
    const event = await confirmedEvent(20, 6);
    const { checkout } = await buy(event.id, { quantity: 2, extra: { attendees: ['Ana =1+1', 'Bao'] } });
    const order = await kit.expectOk(await api().get(`/v1/checkouts/${checkout.id}`));
    const code = order.tickets[0].code as string;
    const checkIn = (value: string, token = w.restaurant.token) => api().post(`/v1/bookings/${event.id}/check-ins`, { body: { code: value }, token });
    expect((await checkIn(code, w.client.token)).status).toBe(403);
    const first = await kit.expectOk(await checkIn(code));
    expect(first.checked_in_at).not.toBeNull();
    const twice = await checkIn(code, w.manager.token);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('tickets.alreadyCheckedIn');
    expect(twice.body.message).toContain('Ana =1+1');
    expect(twice.body.message).toContain(first.checked_in_at);
    expect((await checkIn('GT-FORGEDFORGEDFORGE')).status).toBe(404);
    // Another event's ticket is not this one's.
    const other = await confirmedEvent();
    const otherOrder = await kit.expectOk(await api().get(`/v1/checkouts/${(await buy(other.id, { quantity: 1 })).checkout.id}`));
    expect((await checkIn(otherOrder.tickets[0].code)).status).toBe(404);

    const list = await kit.expectOk(await api().get(`/v1/bookings/${event.id}/attendees`, { token: w.client.token }));
    expect(list.data).toHaveLength(2);
    expect(list.data[0]).toMatchObject({ attendee_name: 'Ana =1+1', checked_in_by: expect.any(String) });
    expect((await api().get(`/v1/bookings/${event.id}/attendees`, { token: w.stranger.token })).status).toBe(404);
    expect((await api().get(`/v1/bookings/${event.id}/attendees`, { token: w.cause.token })).status).toBe(403);
    const csv = await api().get(`/v1/bookings/${event.id}/attendees.csv`, { token: w.restaurant.token });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.body).toContain('"Ana =1+1"');
    expect(csv.body).toContain('"Bao"');
  });

  it('checks in from 12 hours before the event starts until it ends, on the business clock, and says why otherwise', async () => {
    const codeOf = async (eventId: string) => (await kit.expectOk(await api().get(`/v1/checkouts/${(await buy(eventId, { quantity: 1 })).checkout.id}`))).tickets[0].code as string;
    const checkIn = (eventId: string, code: string) => api().post(`/v1/bookings/${eventId}/check-ins`, { body: { code }, token: w.restaurant.token });
    const checkedIn = async (eventId: string) =>
      (await kit.expectOk(await api().get(`/v1/bookings/${eventId}/attendees`, { token: w.restaurant.token }))).data.map((row: { checked_in_at: string | null }) => row.checked_in_at);

    const tonight = await confirmedEvent(20, 14);
    const ticket = await codeOf(tonight.id);
    const early = await checkIn(tonight.id, ticket);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('tickets.checkInNotOpen');
    expect(await checkedIn(tonight.id)).toEqual([null]);
    await kit.advance(3 * kit.HOUR);
    expect((await kit.expectOk(await checkIn(tonight.id, ticket))).checked_in_at).not.toBeNull();

    const soon = await confirmedEvent(20, 2);
    const late = await codeOf(soon.id);
    // The event lasts three hours: five hours on, it is over.
    await kit.advance(5 * kit.HOUR);
    const over = await checkIn(soon.id, late);
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('tickets.checkInOver');
    expect(await checkedIn(soon.id)).toEqual([null]);
  });

  it('a sold-out event takes waiting-list addresses; a released hold offers the seats in order', async () => {
    const event = await confirmedEvent(2);
    await kit.expectOk(await api().post(`/v1/events/${event.id}/checkouts`, { body: body(2) }), 201);
    expect((await api().post(`/v1/events/${event.id}/waitlist`, { body: { email: 'first-in-line@example.test' } })).status).toBe(202);
    expect((await api().post(`/v1/events/${event.id}/waitlist`, { body: { email: 'second-in-line@example.test' } })).status).toBe(202);
    expect((await api().post(`/v1/events/${event.id}/waitlist`, { body: { email: 'bad' } })).status).toBe(400);
    await kit.advance(16 * MINUTE);
    await waitForEmail(testApp.baseUrl, { to: 'first-in-line@example.test', subject: /^Tickets available: / });
    await waitForEmail(testApp.baseUrl, { to: 'second-in-line@example.test', subject: /^Tickets available: / });
    expect((await readMailbox(testApp.baseUrl)).filter((email) => email.to === 'first-in-line@example.test')).toHaveLength(1);
  });
});
