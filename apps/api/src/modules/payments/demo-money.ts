import { withAfterCommitScope } from '../../db/after-commit.ts';
import type { Database, Executor } from '../../db/client.ts';
import { connectedAccounts } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { bookingMoneyTerms } from '../bookings/bookings.service.ts';
import { holdTickets, insertPaidCheckout, sellHeldTickets } from '../tickets/tickets.service.ts';
import { settleCompletedBooking } from './booking-money.ts';
import { postLedgerTransaction } from './ledger.ts';
import { runPayouts } from './payouts.ts';
import { createLocalProvider } from './providers/local-provider.ts';
import * as repository from './payments.repository.ts';

/** A demo booking whose client paid its deposit by card (the demo data's money, docs/product.md, Demo data). */
export type DemoPaidBooking = { bookingId: string; clientId: string; deposit: number; currency: string; paidAt: Date; completed: boolean; hostEvent: boolean };

/**
 * The demo's money, written the way the app writes it: each deposit a succeeded card payment with its charge, each
 * COMPLETED booking settled (the client's balance is charged for what tickets did not cover), the demo
 * seller and cause given local connected accounts, and one payouts pass paying them. Settling without tickets never
 * refunds, so no email is written (the seed has no mailer: one would be a bug, and says so).
 */
export async function seedDemoMoney(db: Database, options: { bookings: DemoPaidBooking[]; connectedUserIds: string[]; clock: Clock; platformFeePercent: number }): Promise<void> {
  const provider = createLocalProvider({ becsProcessingBusinessDays: 3 });
  for (const userId of options.connectedUserIds) {
    await db.insert(connectedAccounts).values({ id: `local_demo_${userId}`, userId, provider: 'local', capabilities: { transfers: 'active' } }).onConflictDoNothing();
  }
  for (const booking of options.bookings) {
    await recordDemoDeposit(db, booking);
    if (booking.completed) {
      const deps = {
        provider,
        platformFeePercent: options.platformFeePercent,
        publicUrl: '',
        // The demo's notifications of this money are written by seed-notifications.ts, after it.
        notifications: null,
        mailer: { enqueue: async () => Promise.reject(new Error('The demo settlements refund nothing: no email expected')) },
      };
      // Its own after-commit scope, as a request is: the balance charge is made once the settlement is written.
      await withAfterCommitScope(db, {
        body: () => settleCompletedBooking(deps, { tx: db, bookingId: booking.bookingId, now: booking.paidAt }),
        onError: (error) => {
          throw error;
        },
      });
    }
  }
  await runPayouts({ db, clock: options.clock, provider, notifications: null });
}

async function recordDemoDeposit(db: Executor, booking: DemoPaidBooking): Promise<void> {
  const id = crypto.randomUUID();
  await repository.insertPaymentOnce(db, {
    id,
    bookingId: booking.bookingId,
    payerId: booking.clientId,
    type: 'CREDIT_CARD_DEPOSIT',
    amount: booking.deposit,
    currency: booking.currency,
    status: 'succeeded',
    provider: 'local',
    providerRef: `pi_local_demo_${id.slice(0, 8)}`,
    idempotencyKey: `demo-deposit:${booking.bookingId}`,
    createdAt: booking.paidAt,
    updatedAt: booking.paidAt,
  });
  await postLedgerTransaction(db, {
    kind: 'charge',
    paymentId: id,
    bookingId: booking.bookingId,
    createdAt: booking.paidAt,
    legs: [
      { account: { ownerId: booking.clientId, purpose: 'payer', currency: booking.currency }, amount: -booking.deposit },
      { account: { ownerId: null, purpose: 'platform_holding', currency: booking.currency }, amount: booking.deposit },
    ],
  });
}

/** A guest's paid ticket purchase for a CONFIRMED demo event. */
export type DemoTicketSale = { bookingId: string; email: string; language: 'en' | 'vn'; attendees: string[]; donation: number; paidAt: Date };

/**
 * A demo ticket purchase, written as a paid checkout leaves it: the event's counters moved by the same atomic updates
 * (held, then sold, the donation raised), the succeeded card payment of a guest, the paid checkout, one ticket and
 * code per attendee, and the charge into platform holding. No email: the seed writes history and sends nothing.
 */
export async function recordDemoTicketSale(db: Executor, sale: DemoTicketSale): Promise<void> {
  const terms = await bookingMoneyTerms(db, sale.bookingId);
  const quantity = sale.attendees.length;
  if (!terms.currency || !(await holdTickets(db, { bookingId: sale.bookingId, quantity }))) throw new Error(`demo event ${sale.bookingId}: ${quantity} tickets cannot be sold`);
  const amount = terms.ticketPrice * quantity + sale.donation;
  const checkoutId = crypto.randomUUID();
  const paymentId = crypto.randomUUID();
  await repository.insertPaymentOnce(db, {
    id: paymentId,
    bookingId: sale.bookingId,
    payerId: null,
    type: 'CREDIT_CARD_TICKETS',
    amount,
    currency: terms.currency,
    status: 'succeeded',
    provider: 'local',
    providerRef: `pi_local_demo_${paymentId.slice(0, 8)}`,
    idempotencyKey: `checkout:${checkoutId}`,
    createdAt: sale.paidAt,
    updatedAt: sale.paidAt,
  });
  await insertPaidCheckout(db, {
    checkout: {
      id: checkoutId,
      bookingId: sale.bookingId,
      paymentId,
      email: sale.email,
      language: sale.language,
      attendees: sale.attendees,
      quantity,
      ticketPrice: terms.ticketPrice,
      donation: sale.donation,
      amount,
      currency: terms.currency,
      status: 'paid',
      expiresAt: sale.paidAt,
      createdAt: sale.paidAt,
      updatedAt: sale.paidAt,
    },
    issuedAt: sale.paidAt,
  });
  await postLedgerTransaction(db, {
    kind: 'charge',
    paymentId,
    bookingId: sale.bookingId,
    createdAt: sale.paidAt,
    legs: [
      { account: { ownerId: null, purpose: 'payer', currency: terms.currency }, amount: -amount },
      { account: { ownerId: null, purpose: 'platform_holding', currency: terms.currency }, amount },
    ],
  });
  await sellHeldTickets(db, { bookingId: sale.bookingId, quantity, donation: sale.donation });
}
