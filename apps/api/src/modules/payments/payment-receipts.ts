import type { Executor } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema/index.ts';
import type { Mailer } from '../../email/mailer.ts';
import { renderPaymentReceiptEmail } from '../../email/payment-templates.ts';
import { wantsNotificationEmail } from '../notifications/notifications.service.ts';
import { findReceiptDetails } from './payment-lists.repository.ts';

/**
 * The receipt email to the payer of a succeeded payment (a deposit, a total fee, a balance charge), written to the
 * email outbox with `tx` (the transaction that records the success: no success without its email, no email without
 * the success). In the payer's language, with the amount, what it paid for, the booking and its receipt page. It is
 * the email of the payer's `payment.succeeded` notification: sent unless the payer chose in-app only for payments
 * (docs/decisions/0112-receipt-emails.md).
 */
export async function enqueuePaymentReceiptEmail(deps: { mailer: Pick<Mailer, 'enqueue'>; publicUrl: string }, { tx, payment }: { tx: Executor; payment: PaymentRow }): Promise<void> {
  if (payment.payerId === null || !(await wantsNotificationEmail(tx, { userId: payment.payerId, category: 'payments' }))) return;
  const details = await findReceiptDetails(tx, payment.id);
  if (!details) return;
  const rendered = renderPaymentReceiptEmail(details.payer_language, {
    firstName: details.payer_first_name,
    type: payment.type,
    amount: payment.amount,
    currency: payment.currency,
    paidAt: details.paid_at ? new Date(details.paid_at) : payment.updatedAt,
    bookingTitle: details.booking_title,
    restaurantName: details.restaurant_name,
    causeName: details.cause_name,
    timeZone: details.restaurant_timezone ?? 'UTC',
    link: `${deps.publicUrl}/payments/${payment.id}/receipt`,
    reference: payment.id,
  });
  await deps.mailer.enqueue({ ...rendered, to: details.payer_email, language: details.payer_language }, tx);
}
