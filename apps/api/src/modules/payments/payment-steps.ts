import { type PayableType, type Payment, type PaymentConfirmInput, paymentMethodOf } from '@goodtable/shared';
import { conflict, DomainError } from '../../lib/domain-errors.ts';
import { holdForPayment } from '../tickets/tickets.service.ts';
import { donationOfPayment } from '../donations/donations.service.ts';
import * as repository from './payments.repository.ts';
import { bookingIdOf, payableTerms, type PaymentCallerDeps, stepPayment } from './payment-access.ts';
import { applyTicketOutcome, confirmTicketPayment, GUEST_CARD_CONFIRMS, guestConfirmBatchesOf, ticketDepsOf } from './ticket-payments.ts';
import { applyOutcome } from './payment-outcomes.ts';
import { applyDonationOutcome, confirmDonationPayment } from './donation-payments.ts';

/**
 * POST /payments/{id}/confirm: charges the card. A succeeded (or processing) payment answers as it is and charges
 * nothing; a replay of the last confirm's Idempotency-Key answers that confirm's result; a failed one may be retried
 * with another card; one waiting for its extra step is 409. The booking must still be ACCEPTED (409).
 */
export async function confirmPayment(
  deps: PaymentCallerDeps,
  { paymentId, input, confirmKey }: { paymentId: string; input: PaymentConfirmInput; confirmKey?: string | undefined },
): Promise<Payment> {
  // A guest's card: a ticket payment is confirmed in a batch with the others arriving with it (null: not a ticket
  // payment, confirmed below as it always was).
  if (!deps.viewer && input.card && !input.becs) {
    const confirmed = await guestConfirmBatchesOf(deps).submit(GUEST_CARD_CONFIRMS, { id: paymentId, card: input.card, confirmKey });
    if (confirmed) return confirmed;
  }
  return stepPayment(deps, {
    paymentId,
    step: async (tx, payment) => {
      if (payment.type === 'CREDIT_CARD_TICKETS') return confirmTicketPayment(deps, { tx, payment, input, confirmKey });
      if (payment.type === 'CREDIT_CARD_DONATION') return confirmDonationPayment(deps, { tx, payment, input, confirmKey });
      const method = paymentMethodOf(payment.type as PayableType);
      if (method === 'bank_transfer') throw conflict('A bank transfer is paid from the payer’s bank, not confirmed here', 'payments.bankTransferNotConfirmed');
      if (payment.status === 'succeeded' || payment.status === 'processing') return payment;
      if (confirmKey && payment.confirmKey === confirmKey) return payment;
      if (payment.status === 'requires_action') throw conflict('Complete the extra confirmation step first', 'payments.actionRequired');
      const given = input.becs ? 'becs' : 'card';
      if (given !== method) throw new DomainError('invalid', { message: `This payment takes ${method === 'becs' ? 'a bank account' : 'a card'}`, code: 'payments.wrongMethod', details: [{ field: method, message: 'validation.required' }] });
      await payableTerms({ db: tx, viewer: deps.viewer! }, { bookingId: bookingIdOf(payment), lock: true });
      // A debit already in flight for this booking may still clear: paying again now could charge twice.
      if ((await repository.findProcessingPaymentsOfBooking(tx, bookingIdOf(payment))).some((other) => paymentMethodOf(other.type as PayableType) === 'becs')) {
        throw conflict('A bank debit for this booking is still processing', 'payments.debitProcessing');
      }
      const now = deps.clock.now();
      const ref = payment.providerRef ?? '';
      if (input.becs) {
        const outcome = await deps.provider.confirmBecs({ paymentId: payment.id, ref, becs: input.becs, now });
        return applyOutcome(deps, { tx, payment, outcome, options: { confirmKey, bankAccount: { bsb: input.becs.bsb, last4: input.becs.account_number.slice(-4) } } });
      }
      const outcome = await deps.provider.confirmCard({ paymentId: payment.id, ref, card: input.card!, now });
      return applyOutcome(deps, { tx, payment, outcome, options: { confirmKey } });
    },
  });
}

/**
 * POST /payments/{id}/action (the local provider's `/intermediary/{id}` page): the payer approves or fails the extra
 * step. Answering a payment no longer waiting for it changes nothing.
 */
export async function completePaymentAction(deps: PaymentCallerDeps, { paymentId, approved }: { paymentId: string; approved: boolean }): Promise<Payment> {
  return stepPayment(deps, {
    paymentId,
    step: async (tx, payment) => {
      if (payment.status !== 'requires_action') return payment;
      if (payment.type === 'CREDIT_CARD_DONATION') {
        const donation = await donationOfPayment(tx, payment.id);
        const outcome = await deps.provider.completeAction({ paymentId: payment.id, ref: payment.providerRef ?? '', approved, now: deps.clock.now() });
        return applyDonationOutcome(deps, { tx, payment, outcome, donation });
      }
      if (payment.type === 'CREDIT_CARD_TICKETS') {
        const checkout = await holdForPayment(ticketDepsOf(deps), { tx, payment, approving: approved });
        const outcome = await deps.provider.completeAction({ paymentId: payment.id, ref: payment.providerRef ?? '', approved, now: deps.clock.now() });
        return applyTicketOutcome(deps, { tx, payment, checkout, outcome });
      }
      await payableTerms({ db: tx, viewer: deps.viewer! }, { bookingId: bookingIdOf(payment), lock: true });
      const outcome = await deps.provider.completeAction({ paymentId: payment.id, ref: payment.providerRef ?? '', approved, now: deps.clock.now() });
      return applyOutcome(deps, { tx, payment, outcome });
    },
  });
}
