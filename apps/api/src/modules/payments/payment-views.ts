import type { OpenPayments, Payment, PaymentReceipt } from '@goodtable/shared';
import { conflict } from '../../lib/domain-errors.ts';
import { bookingPaymentTerms } from '../bookings/bookings.service.ts';
import { findReceiptDetails } from './payment-lists.repository.ts';
import * as repository from './payments.repository.ts';
import { bookingIdOf, type PaymentCallerDeps, type PaymentDeps, presentPayment, visiblePayment } from './payment-access.ts';

/** GET /payments/{id}: with what was refunded of it. */
export async function getPayment(deps: PaymentCallerDeps, id: string): Promise<Payment> {
  const row = await visiblePayment(deps, { paymentId: id });
  return presentPayment(deps, { row, refunded: await repository.refundedAmount(deps.db, row.id) });
}

/** GET /bookings/{id}/open-payments: the booking's payments in flight, for its parties (strangers 404). */
export async function listOpenPayments(deps: PaymentDeps, bookingId: string): Promise<OpenPayments> {
  await bookingPaymentTerms(deps, bookingId);
  const rows = await repository.findProcessingPaymentsOfBooking(deps.db, bookingId);
  return { data: rows.map((row) => presentPayment(deps, { row })) };
}

/**
 * GET /payments/{id}/receipt: a succeeded payment's receipt for the payer or a party of its booking (others 404; a
 * payment that has not succeeded has no receipt: 409).
 */
export async function getPaymentReceipt(deps: PaymentDeps, id: string): Promise<PaymentReceipt> {
  const payment = await visiblePayment(deps, { paymentId: id });
  if (payment.status !== 'succeeded') throw conflict('Only a succeeded payment has a receipt', 'payments.noReceipt');
  const details = (await findReceiptDetails(deps.db, payment.id))!;
  const iso = (value: Date | string) => new Date(value).toISOString();
  return {
    payment: presentPayment(deps, { row: payment, refunded: Number(details.refunded) }),
    paid_at: iso(details.paid_at ?? payment.updatedAt),
    refunded: Number(details.refunded),
    payer: { first_name: details.payer_first_name, last_name: details.payer_last_name, email: details.payer_email },
    booking: { id: bookingIdOf(payment), title: details.booking_title, date: details.booking_date === null ? null : iso(details.booking_date), guests: details.booking_guests },
    restaurant: details.restaurant_id
      ? { id: details.restaurant_id, name: details.restaurant_name, address: details.restaurant_address, city: details.restaurant_city, timezone: details.restaurant_timezone ?? 'UTC' }
      : null,
    cause: details.cause_id && details.cause_name !== null ? { id: details.cause_id, name: details.cause_name } : null,
  };
}
