import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payments, type NewPaymentRow, type PaymentRow } from '../../db/schema/index.ts';

export async function findPayment(db: Executor, id: string, options: { lock?: boolean } = {}): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findPaymentByKey(db: Executor, payerId: string, idempotencyKey: string): Promise<PaymentRow | undefined> {
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

export async function updatePayment(db: Executor, id: string, values: Partial<NewPaymentRow>): Promise<PaymentRow> {
  const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
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
