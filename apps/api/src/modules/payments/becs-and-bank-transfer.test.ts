import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ledgerTransactions } from '../../db/schema/index.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';
import { checkLedger, ledgerBalance } from './ledger.ts';
import { addBusinessDays } from './providers/local-provider.ts';
import { testCard } from '@goodtable/shared';

/** Stripe's BECS test accounts (BSB 000-000). */
const ACCOUNTS = { succeeds: '000123456', closed: '111111113', noAccount: '111111116', notAuthorized: '333333335' };

/**
 * BECS Direct Debit and bank transfers over HTTP with the local provider: a debit stays processing until the business
 * clock passes BECS_PROCESSING_BUSINESS_DAYS (3), then the job settles it; a bank transfer waits until the restaurant
 * side marks it received. The kit's deposit is 20.00 AUD, its total fee 1,000.00.
 */
describe('BECS Direct Debit and bank transfers', () => {
  const { testApp, kit, w } = useBookingWorld();

  const becs = (account_number: string, overrides: Record<string, unknown> = {}) => ({ becs: { bsb: '000-000', account_number, account_name: 'Jenny Rosen', ...overrides } });
  const create = (bookingId: string, { by, type = 'BECS_DEBIT_DEPOSIT', key = randomUUID() }: { by: { token: string }; type?: string; key?: string }) =>
    kit.api.post(`/v1/bookings/${bookingId}/payments`, { body: { type }, token: by.token, headers: { 'idempotency-key': key } });
  const confirm = (paymentId: string, { by, body, key }: { by: { token: string }; body: unknown; key?: string }) =>
    kit.api.post(`/v1/payments/${paymentId}/confirm`, { body, token: by.token, headers: key ? { 'idempotency-key': key } : {} });
  const markReceived = (paymentId: string, by: { token: string }) => kit.api.post(`/v1/payments/${paymentId}/mark-received`, { token: by.token });
  const charges = async (paymentId: string) =>
    (await testApp.app.db.select().from(ledgerTransactions).where(and(eq(ledgerTransactions.paymentId, paymentId), eq(ledgerTransactions.kind, 'charge')))).length;
  const statusOf = async (bookingId: string) => (await kit.get(bookingId, w.client)).status as string;
  const payment = async (paymentId: string) => kit.expectOk(await kit.api.get(`/v1/payments/${paymentId}`, { token: w.client.token }));
  /** Moves the business clock just past a processing payment's expected clearing (the due jobs run before it answers). */
  const passClearing = async (processingUntil: string) => kit.advance(Date.parse(processingUntil) - (await kit.now()) + 60_000);
  const holding = (currency: string) => ledgerBalance(testApp.app.db, { ownerId: null, purpose: 'platform_holding', currency });

  it('counts business days, skipping Saturdays and Sundays', () => {
    const friday = new Date('2026-11-20T09:30:00Z');
    expect(addBusinessDays(friday, 3).toISOString()).toBe('2026-11-25T09:30:00.000Z');
    expect(addBusinessDays(new Date('2026-11-23T09:30:00Z'), 3).toISOString()).toBe('2026-11-26T09:30:00.000Z');
    expect(addBusinessDays(friday, 0).toISOString()).toBe(friday.toISOString());
  });

  it('names a malformed BSB, account number or name, and a card sent for a debit', async () => {
    const booking = await kit.accepted(w);
    const debit = await kit.expectOk(await create(booking.id, { by: w.client }), 201);
    for (const [body, field] of [
      [becs(ACCOUNTS.succeeds, { bsb: '00-0000' }), 'becs.bsb'],
      [becs(ACCOUNTS.succeeds, { bsb: '000000x' }), 'becs.bsb'],
      [becs('12ab'), 'becs.account_number'],
      [becs('1234567890'), 'becs.account_number'],
      [becs(ACCOUNTS.succeeds, { account_name: '  ' }), 'becs.account_name'],
      [{}, 'card'],
    ] as const) {
      const answer = await confirm(debit.id, { by: w.client, body });
      expect(answer.status).toBe(400);
      expect(answer.body.details[0].field).toBe(field);
    }
    const card = await confirm(debit.id, { by: w.client, body: { card: testCard() } });
    expect(card.status).toBe(400);
    expect(card.body.details[0].field).toBe('becs');
    expect((await payment(debit.id)).status).toBe('requires_payment_method');
  });

  it('000123456 is processing until the clock passes the delay; then the job confirms the booking and charges once', async () => {
    const booking = await kit.accepted(w);
    const debit = await kit.expectOk(await create(booking.id, { by: w.client }), 201);
    expect(debit).toMatchObject({ type: 'BECS_DEBIT_DEPOSIT', amount: 2000, status: 'requires_payment_method' });
    const before = await holding(debit.currency);
    const started = await kit.now();

    const processing = await kit.expectOk(await confirm(debit.id, { by: w.client, body: becs('000 123 456', { bsb: '000000' }), key: 'becs-1' }));
    expect(processing).toMatchObject({ status: 'processing', bank_account: { bsb: '000-000', last4: '3456' } });
    // Three business days after the confirm: between the clock's time before it and after it (the business clock
    // moves with real time, so comparing to the minute failed when the confirm crossed one).
    const answeredBy = await kit.now();
    const until = new Date(processing.processing_until).getTime();
    expect(until).toBeGreaterThanOrEqual(addBusinessDays(new Date(started), 3).getTime());
    expect(until).toBeLessThanOrEqual(addBusinessDays(new Date(answeredBy), 3).getTime());
    // While it clears: the booking waits (its deposit deadline paused), nothing is charged, replays answer the same.
    expect(await statusOf(booking.id)).toBe('ACCEPTED');
    expect((await kit.get(booking.id, w.client)).deposit_due_at).toBeNull();
    expect(await charges(debit.id)).toBe(0);
    expect((await kit.expectOk(await confirm(debit.id, { by: w.client, body: becs(ACCOUNTS.closed), key: 'becs-2' }))).status).toBe('processing');
    const open = await kit.expectOk(await kit.api.get(`/v1/bookings/${booking.id}/open-payments`, { token: w.restaurant.token }));
    expect(open.data.map((item: { id: string }) => item.id)).toEqual([debit.id]);
    // Another payment of the booking cannot be made meanwhile: it could charge twice.
    const card = await kit.expectOk(await create(booking.id, { by: w.client, type: 'CREDIT_CARD_DEPOSIT' }), 201);
    const refused = await confirm(card.id, { by: w.client, body: { card: testCard() } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('payments.debitProcessing');

    // A day later it still clears.
    await kit.advance(kit.DAY);
    expect((await payment(debit.id)).status).toBe('processing');

    await passClearing(processing.processing_until);
    const cleared = await payment(debit.id);
    expect(cleared.status).toBe('succeeded');
    expect(cleared.processing_until).toBeUndefined();
    expect(await statusOf(booking.id)).toBe('CONFIRMED');
    expect(await charges(debit.id)).toBe(1);
    expect(await holding(debit.currency)).toBe(before + 2000);
    expect((await kit.expectOk(await kit.api.get(`/v1/bookings/${booking.id}/open-payments`, { token: w.client.token }))).data).toEqual([]);
    // The job again (a replay) and a confirm afterwards change nothing.
    await testApp.app.jobs.enqueue({ kind: 'payments.resolve-processing', payload: { payment_id: debit.id } });
    await kit.advance(1000);
    expect((await kit.expectOk(await confirm(debit.id, { by: w.client, body: becs(ACCOUNTS.succeeds), key: 'becs-3' }))).status).toBe('succeeded');
    expect(await charges(debit.id)).toBe(1);
  });

  it('the whole restaurant cost by BECS debits the total fee', async () => {
    const booking = await kit.accepted(w);
    const debit = await kit.expectOk(await create(booking.id, { by: w.client, type: 'BECS_DEBIT_TOTAL_FEE' }), 201);
    expect(debit.amount).toBe(100_000);
    const processing = await kit.expectOk(await confirm(debit.id, { by: w.client, body: becs(ACCOUNTS.succeeds) }));
    await passClearing(processing.processing_until);
    expect((await payment(debit.id)).status).toBe('succeeded');
    expect(await statusOf(booking.id)).toBe('CONFIRMED');
  });

  it('111111113 is processing, then fails with the bank’s reason: the booking stays ACCEPTED with a fresh deadline, another account may pay', async () => {
    const booking = await kit.accepted(w);
    const debit = await kit.expectOk(await create(booking.id, { by: w.client }), 201);
    const processing = await kit.expectOk(await confirm(debit.id, { by: w.client, body: becs(ACCOUNTS.closed) }));
    expect(processing.status).toBe('processing');
    await passClearing(processing.processing_until);
    const failed = await payment(debit.id);
    expect(failed).toMatchObject({ status: 'failed', failure_code: 'account_closed', failure_message: 'The bank account has been closed.' });
    const after = await kit.get(booking.id, w.client);
    expect(after.status).toBe('ACCEPTED');
    // BOOKING_DEPOSIT_HOURS (72) from when the failure was known.
    expect(Date.parse(after.deposit_due_at) - (await kit.now())).toBeGreaterThan(71 * kit.HOUR);
    expect(Date.parse(after.deposit_due_at) - Date.parse(processing.processing_until)).toBeLessThanOrEqual(73 * kit.HOUR);
    expect(await charges(debit.id)).toBe(0);

    // The same payment with another account: processing again, and this time it clears.
    const again = await kit.expectOk(await confirm(debit.id, { by: w.client, body: becs(ACCOUNTS.succeeds) }));
    expect(again.status).toBe('processing');
    await passClearing(again.processing_until);
    expect((await payment(debit.id)).status).toBe('succeeded');
    expect(await statusOf(booking.id)).toBe('CONFIRMED');
    expect(await charges(debit.id)).toBe(1);
  });

  it('other test accounts fail with Stripe’s codes; a non-test account is refused at once', async () => {
    const booking = await kit.accepted(w);
    for (const [account, code] of [
      [ACCOUNTS.noAccount, 'no_account'],
      [ACCOUNTS.notAuthorized, 'debit_not_authorized'],
    ] as const) {
      const debit = await kit.expectOk(await create(booking.id, { by: w.client }), 201);
      const processing = await kit.expectOk(await confirm(debit.id, { by: w.client, body: becs(account) }));
      await passClearing(processing.processing_until);
      expect(await payment(debit.id)).toMatchObject({ status: 'failed', failure_code: code });
    }
    const debit = await kit.expectOk(await create(booking.id, { by: w.client }), 201);
    const refused = await kit.expectOk(await confirm(debit.id, { by: w.client, body: becs('12345678', { bsb: '062-000' }) }));
    expect(refused).toMatchObject({ status: 'failed', failure_code: 'invalid_account_number' });
    expect(await statusOf(booking.id)).toBe('ACCEPTED');
  });

  it('a debit that clears after its booking was cancelled is recorded and refunded in full; the booking stays cancelled', async () => {
    const booking = await kit.accepted(w);
    const debit = await kit.expectOk(await create(booking.id, { by: w.client }), 201);
    const processing = await kit.expectOk(await confirm(debit.id, { by: w.client, body: becs(ACCOUNTS.succeeds) }));
    await kit.expectOk(await kit.act(booking, { action: 'cancel', by: w.client }));
    await passClearing(processing.processing_until);
    expect(await payment(debit.id)).toMatchObject({ status: 'succeeded', refunded_amount: debit.amount });
    expect(await charges(debit.id)).toBe(1);
    expect(await statusOf(booking.id)).toBe('CANCELED');
    expect((await checkLedger(testApp.app.db)).problems).toEqual([]);
  });

  it('only the payer confirms a debit: the restaurant 403, a stranger 404', async () => {
    const booking = await kit.accepted(w);
    const debit = await kit.expectOk(await create(booking.id, { by: w.client }), 201);
    expect((await confirm(debit.id, { by: w.restaurant, body: becs(ACCOUNTS.succeeds) })).status).toBe(403);
    expect((await confirm(debit.id, { by: w.stranger, body: becs(ACCOUNTS.succeeds) })).status).toBe(404);
    expect((await payment(debit.id)).status).toBe('requires_payment_method');
  });

  it('a bank transfer shows the platform’s account and a unique reference, and waits for the restaurant to mark it received', async () => {
    const booking = await kit.accepted(w);
    const key = randomUUID();
    const transfer = await kit.expectOk(await create(booking.id, { by: w.client, type: 'BANK_DEPOSIT', key }), 201);
    expect(transfer).toMatchObject({
      type: 'BANK_DEPOSIT',
      amount: 2000,
      status: 'processing',
      bank_transfer: { account_name: 'GoodTable Pty Ltd', bank_name: 'Commonwealth Bank of Australia', bsb: '062-000', account_number: '12345678' },
    });
    expect(transfer.bank_transfer.reference).toMatch(/^GT-[A-Z2-9]{8}$/);
    // The same key: the same payment and reference.
    expect((await kit.expectOk(await create(booking.id, { by: w.client, type: 'BANK_DEPOSIT', key }), 201)).bank_transfer.reference).toBe(transfer.bank_transfer.reference);
    const other = await kit.expectOk(await create((await kit.accepted(w)).id, { by: w.client, type: 'BANK_DEPOSIT' }), 201);
    expect(other.bank_transfer.reference).not.toBe(transfer.bank_transfer.reference);

    // Nothing to confirm; the business clock moving does not settle it.
    expect((await confirm(transfer.id, { by: w.client, body: becs(ACCOUNTS.succeeds) })).status).toBe(409);
    await kit.advance(kit.DAY);
    expect((await payment(transfer.id)).status).toBe('processing');
    const open = await kit.expectOk(await kit.api.get(`/v1/bookings/${booking.id}/open-payments`, { token: w.manager.token }));
    expect(open.data[0]).toMatchObject({ id: transfer.id, bank_transfer: { reference: transfer.bank_transfer.reference } });
    expect((await kit.api.get(`/v1/bookings/${booking.id}/open-payments`, { token: w.stranger.token })).status).toBe(404);

    // The client and the cause may not mark it; a stranger does not see it.
    const before = await holding(transfer.currency);
    expect((await markReceived(transfer.id, w.client)).status).toBe(403);
    expect((await markReceived(transfer.id, w.cause)).status).toBe(403);
    expect((await markReceived(transfer.id, w.stranger)).status).toBe(404);
    expect((await markReceived(randomUUID(), w.restaurant)).status).toBe(404);
    expect(await statusOf(booking.id)).toBe('ACCEPTED');

    // A manager running the restaurant marks it: paid, confirmed, charged once; again changes nothing.
    const received = await kit.expectOk(await markReceived(transfer.id, w.subManager));
    expect(received).toMatchObject({ id: transfer.id, status: 'succeeded' });
    expect(await statusOf(booking.id)).toBe('CONFIRMED');
    expect((await kit.expectOk(await markReceived(transfer.id, w.restaurant))).status).toBe('succeeded');
    expect(await charges(transfer.id)).toBe(1);
    expect(await holding(transfer.currency)).toBe(before + 2000);
  });

  it('marking a transfer of a booking paid another way is 409; a card payment is not a transfer (409)', async () => {
    const booking = await kit.accepted(w);
    const transfer = await kit.expectOk(await create(booking.id, { by: w.client, type: 'BANK_DEPOSIT' }), 201);
    const card = await kit.expectOk(await create(booking.id, { by: w.client, type: 'CREDIT_CARD_DEPOSIT' }), 201);
    expect((await kit.expectOk(await confirm(card.id, { by: w.client, body: { card: testCard() } }))).status).toBe('succeeded');
    const notTransfer = await markReceived(card.id, w.restaurant);
    expect(notTransfer.status).toBe(409);
    expect(notTransfer.body.code).toBe('payments.notBankTransfer');
    const late = await markReceived(transfer.id, w.restaurant);
    expect(late.status).toBe(409);
    expect((await payment(transfer.id)).status).toBe('processing');
    expect(await charges(transfer.id)).toBe(0);
  });

  it('concurrent marks of one transfer charge once', async () => {
    const booking = await kit.accepted(w);
    const transfer = await kit.expectOk(await create(booking.id, { by: w.client, type: 'BANK_DEPOSIT' }), 201);
    const answers = await Promise.all([w.restaurant, w.manager, w.subManager, w.restaurant].map((by) => markReceived(transfer.id, by)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await charges(transfer.id)).toBe(1);
    expect((await checkLedger(testApp.app.db)).problems).toEqual([]);
  });
});
