import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from '../../test/support/test-app.ts';
import { httpClient } from '../../test/support/http-client.ts';
import { ledgerEntries, ledgerTransactions } from '../db/schema/index.ts';
import { ledgerAccountId, postLedgerTransaction } from '../modules/payments/ledger.ts';
import { bookingTestKit } from '../modules/bookings/test/booking-test-kit.ts';

describe('/dev/ledger-check and /dev/bookings/{id}/tickets-sold', () => {
  // The last test breaks the ledger to see the check report it.
  const testApp = useTestApp({ ledgerBrokenOnPurpose: true });
  const { api } = testApp;
  const kit = bookingTestKit(testApp);

  it('sets the ticket counter that marking an event complete needs, and nothing else', async () => {
    const w = await kit.world();
    const booking = await kit.confirmed(w, 2);
    const sold = await api.post(`/dev/bookings/${booking.id}/tickets-sold`, { body: { count: 3 } });
    expect(sold.status).toBe(200);
    expect(sold.body).toEqual({ id: booking.id, tickets_sold: 3 });
    expect((await kit.get(booking.id, w.client)).tickets_sold).toBe(3);
    // With tickets on the counter, the passing event is not swept to INCOMPLETE and the restaurant can mark it complete.
    await kit.advance(6 * kit.HOUR);
    expect((await kit.get(booking.id, w.client)).status).toBe('CONFIRMED');
    expect((await kit.act(booking, { action: 'mark-complete', by: w.restaurant })).status).toBe(200);
  });

  it('answers 404 for an unknown booking and 400 naming a bad count', async () => {
    expect((await api.post('/dev/bookings/5b0a2c58-3f4e-4a57-9d1c-6a1f0c3e9b21/tickets-sold', { body: { count: 1 } })).status).toBe(404);
    const bad = await api.post('/dev/bookings/5b0a2c58-3f4e-4a57-9d1c-6a1f0c3e9b21/tickets-sold', { body: { count: -1 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('count');
  });

  it('reports the ledger as ledger:check does: clean, then the transaction that does not sum to zero', async () => {
    const holding = { ownerId: null, purpose: 'platform_holding', currency: 'AUD' } as const;
    await postLedgerTransaction(testApp.app.db, {
      kind: 'charge',
      createdAt: testApp.app.clock.now(),
      legs: [
        { account: { ownerId: (await kit.account('user')).id, purpose: 'payer', currency: 'AUD' }, amount: -700 },
        { account: holding, amount: 700 },
      ],
    });
    const clean = await api.get('/dev/ledger-check');
    expect(clean.status).toBe(200);
    expect(clean.body.problems).toEqual([]);
    expect(clean.body.transactions).toBeGreaterThan(0);

    const [transaction] = await testApp.app.db.select().from(ledgerTransactions).limit(1);
    await testApp.app.db.insert(ledgerEntries).values({ transactionId: transaction!.id, accountId: await ledgerAccountId(testApp.app.db, holding), amount: 1, currency: 'AUD' });
    const broken = await api.get('/dev/ledger-check');
    expect(broken.body.problems).toContain(`transaction ${transaction!.id} sums to 1 AUD`);
  });
});

describe('the dev money routes in production', () => {
  const testApp = useTestApp({ env: { NODE_ENV: 'production' } });

  it('do not exist', async () => {
    const api = httpClient(testApp.baseUrl);
    expect((await api.get('/dev/ledger-check')).status).toBe(404);
    expect((await api.post('/dev/bookings/5b0a2c58-3f4e-4a57-9d1c-6a1f0c3e9b21/tickets-sold', { body: { count: 1 } })).status).toBe(404);
  });
});

describe('a test app closing', () => {
  it('fails when its ledger does not pass ledger:check', async () => {
    const testApp = await startTestApp();
    const holding = { ownerId: null, purpose: 'platform_holding', currency: 'AUD' } as const;
    const [transaction] = await testApp.app.db
      .insert(ledgerTransactions)
      .values({ kind: 'charge', createdAt: testApp.app.clock.now() })
      .returning();
    await testApp.app.db.insert(ledgerEntries).values({ transactionId: transaction!.id, accountId: await ledgerAccountId(testApp.app.db, holding), amount: 5, currency: 'AUD' });
    await expect(testApp.close()).rejects.toThrow(`transaction ${transaction!.id}`);
  });
});
