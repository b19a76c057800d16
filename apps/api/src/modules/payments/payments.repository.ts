import { and, asc, desc, eq, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, payments, refunds, type NewPaymentRow, type NewRefundRow, type PaymentRow, type RefundRow } from '../../db/schema/index.ts';

export async function findPayment(db: Executor, { paymentId, lock = false }: { paymentId: string; lock?: boolean | undefined }): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.id, paymentId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findPaymentByKey(db: Executor, { payerId, idempotencyKey }: { payerId: string; idempotencyKey: string }): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.payerId, payerId), eq(payments.idempotencyKey, idempotencyKey)));
  return row;
}

/** Inserts the payment unless the payer already used its idempotency key (a concurrent twin): undefined then. */
export async function insertPaymentOnce(db: Executor, values: NewPaymentRow): Promise<PaymentRow | undefined> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing({ target: [payments.payerId, payments.idempotencyKey] }).returning();
  return row;
}

/** Payments locked in one statement, in id order (a batch of confirms; two batches never wait on each other crosswise). */
export async function lockPayments(db: Executor, ids: string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.id, ids)).orderBy(asc(payments.id)).for('update');
}

/** Several new payments in one statement (a batch of ticket checkouts: no payer, keys unique by construction). */
export async function insertPayments(db: Executor, rows: NewPaymentRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(payments).values(rows);
}

export async function deletePayments(db: Executor, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(payments).where(inArray(payments.id, ids));
}

/** Payments the provider accepted, in one statement (a batch of ticket sales): their rows, by id. */
export async function markPaymentsSucceeded(
  db: Executor,
  { items, at }: { items: { id: string; confirmKey?: string | undefined }[]; at: Date },
): Promise<Map<string, PaymentRow>> {
  if (items.length === 0) return new Map();
  const keyed = items.filter((item) => item.confirmKey);
  const rows = await db
    .update(payments)
    .set({
      status: 'succeeded',
      failureCode: null,
      failureMessage: null,
      processingUntil: null,
      providerState: null,
      updatedAt: at,
      // The confirm's Idempotency-Key, where one was sent: a replay answers this confirm's result.
      ...(keyed.length > 0 ? { confirmKey: sql`case ${payments.id} ${sql.join(keyed.map((item) => sql`when ${item.id}::uuid then ${item.confirmKey}::text`), sql` `)} else ${payments.confirmKey} end` } : {}),
    })
    .where(inArray(payments.id, items.map((item) => item.id)))
    .returning();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function updatePayment(db: Executor, { paymentId, values }: { paymentId: string; values: Partial<NewPaymentRow> }): Promise<PaymentRow> {
  const [row] = await db.update(payments).set(values).where(eq(payments.id, paymentId)).returning();
  return row!;
}

/** A booking's payments in flight (a BECS debit processing, a bank transfer awaited), oldest first. */
export async function findProcessingPaymentsOfBooking(db: Executor, bookingId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'processing')))
    .orderBy(asc(payments.createdAt));
}

/** A succeeded payment of a booking with what was already refunded of it. */
export type PrepaymentRow = PaymentRow & { refunded: number };

/** Payments on a booking that are not what its client prepaid: the settlement's balance charge, attendees' tickets and donations. */
const NOT_PREPAYMENT_TYPES = ['BECS_DEBIT_BALANCE_FEE', 'CREDIT_CARD_TICKETS', 'CREDIT_CARD_DONATION'] as const;

/**
 * What the client prepaid for the booking (C): its succeeded payments except the settlement's balance charge and
 * attendees' tickets, each
 * with its refunded amount, oldest first.
 */
export async function listPrepayments(db: Executor, bookingId: string): Promise<PrepaymentRow[]> {
  const rows = await db
    .select({ payment: payments, refunded: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded'), notInArray(payments.type, [...NOT_PREPAYMENT_TYPES])))
    .groupBy(payments.id)
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map((row) => ({ ...row.payment, refunded: Number(row.refunded) }));
}

export async function insertRefund(db: Executor, values: NewRefundRow): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(values).returning();
  return row!;
}

/** The refund, locked, while it still waits for the provider (`skipLocked`: undefined when another asker holds it). */
export async function lockPendingRefund(db: Executor, { refundId, skipLocked = false }: { refundId: string; skipLocked?: boolean | undefined }): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .for('update', skipLocked ? { skipLocked: true } : {});
  return row;
}

/** The provider refunded: its refund id. */
export async function markRefundSucceeded(db: Executor, { refundId, providerRef }: { refundId: string; providerRef: string }): Promise<void> {
  await db.update(refunds).set({ status: 'succeeded', providerRef, lastError: null, nextAttemptAt: null }).where(eq(refunds.id, refundId));
}

/** The provider refused a pending refund's call: it stays pending, asked again from `nextAttemptAt`. */
export async function markRefundAttemptFailed(
  db: Executor,
  { refundId, attempts, lastError, nextAttemptAt }: { refundId: string; attempts: number; lastError: string; nextAttemptAt: Date },
): Promise<void> {
  await db.update(refunds).set({ attempts, lastError, nextAttemptAt }).where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

/** The oldest refunds still waiting for the provider whose next call is due at `now` (business clock). */
export async function listDuePendingRefundIds(db: Executor, { now, limit }: { now: Date; limit: number }): Promise<string[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), or(isNull(refunds.nextAttemptAt), lte(refunds.nextAttemptAt, now))))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A settlement's balance charge the provider has not been asked for (booking-money.ts `recordBalanceCharge`). */
const unaskedBalanceCharge = and(eq(payments.type, 'BECS_DEBIT_BALANCE_FEE'), eq(payments.status, 'processing'), isNull(payments.providerRef));

/** A settlement's balance charge, locked, while the provider has not been asked for it (`skipLocked` as above). */
export async function lockUnaskedBalanceCharge(db: Executor, { paymentId, skipLocked = false }: { paymentId: string; skipLocked?: boolean | undefined }): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), unaskedBalanceCharge))
    .for('update', skipLocked ? { skipLocked: true } : {});
  return row;
}

/** The oldest balance charges the provider has not been asked for. */
export async function listUnaskedBalanceChargeIds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db.select({ id: payments.id }).from(payments).where(unaskedBalanceCharge).orderBy(asc(payments.createdAt)).limit(limit);
  return rows.map((row) => row.id);
}


/** Whether the booking already has a ledger transaction of this kind (settlement, forfeit). */
export async function hasBookingTransaction(db: Executor, { bookingId, kind }: { bookingId: string; kind: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.bookingId, bookingId), eq(ledgerTransactions.kind, kind)))
    .limit(1);
  return row !== undefined;
}

/**
 * What a booking's settlement moved: the shares its `settlement` transactions credited (restaurant, cause, platform),
 * the prepayment it gave back (`settlement_unused_prepayment` refunds, sent or owed) and the balance it charged the
 * client (the `BECS_DEBIT_BALANCE_FEE` payment it recorded).
 */
export async function settledAmounts(db: Executor, bookingId: string) {
  const shares = await db
    .select({ purpose: ledgerAccounts.purpose, total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerTransactions.bookingId, bookingId), eq(ledgerTransactions.kind, 'settlement')))
    .groupBy(ledgerAccounts.purpose);
  const [refunded] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.bookingId, bookingId), eq(refunds.reason, 'settlement_unused_prepayment')));
  const [charged] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.type, 'BECS_DEBIT_BALANCE_FEE')));
  const share = (purpose: string) => Number(shares.find((row) => row.purpose === purpose)?.total ?? 0);
  return {
    restaurant: share('restaurant_earnings'),
    cause: share('cause_earnings'),
    platformFee: share('platform_fees'),
    refund: Number(refunded?.total ?? 0),
    balanceCharge: Number(charged?.total ?? 0),
  };
}

/** What of a payment went back to its payer: its refunds the provider made (0 when none), as its receipt shows. */
export async function refundedAmount(db: Executor, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'succeeded')));
  return Number(row?.total ?? 0);
}

/** The provider's refs of the payer's succeeded payments of a booking through `provider`, newest first. */
export async function succeededProviderRefs(db: Executor, of: { bookingId: string; payerId: string; provider: string }): Promise<string[]> {
  const rows = await db
    .select({ ref: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.bookingId, of.bookingId), eq(payments.payerId, of.payerId), eq(payments.status, 'succeeded'), eq(payments.provider, of.provider)))
    .orderBy(desc(payments.updatedAt));
  return rows.flatMap((row) => (row.ref ? [row.ref] : []));
}
