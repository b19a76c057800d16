import type { Executor } from '../db/client.ts';
import type { NewPaymentRow, PaymentRow, RefundReason } from '../db/schema/index.ts';

/**
 * What selling tickets and taking donations need of the payments module: registering a payment with the provider,
 * writing and reading its row, and refunding it. The payments module builds on tickets and donations (it confirms
 * their payments, settles and refunds their events), so they receive this from it where the app is wired instead of
 * importing it (docs/decisions/0241-tickets-and-donations-modules.md).
 */
export type PaymentPort = {
  /** The deployment's provider, recorded on each payment row. */
  providerName: string;
  /** Registers a payment with the provider before its row is written. */
  register: (input: { paymentId: string; bookingId: string | null; payerId: string | null; amount: number; currency: string }) => Promise<{ ref: string; clientSecret?: string }>;
  findPayment: (db: Executor, query: { paymentId: string; lock?: boolean }) => Promise<PaymentRow | undefined>;
  insertPayments: (db: Executor, rows: NewPaymentRow[]) => Promise<void>;
  /** The row written, or undefined when one with its payer and key exists already. */
  insertPaymentOnce: (db: Executor, row: NewPaymentRow) => Promise<PaymentRow | undefined>;
  deletePayments: (db: Executor, ids: string[]) => Promise<void>;
  /** Records that `amount` of `payment` goes back to its payer, in `tx`; the provider is asked once it commits. */
  recordRefund: (tx: Executor, refund: { payment: PaymentRow; bookingId: string; amount: number; reason: RefundReason; now: Date }) => Promise<void>;
};
