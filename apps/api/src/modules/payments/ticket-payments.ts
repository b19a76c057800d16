import type { Payment, PaymentConfirmInput } from '@goodtable/shared';
import { outsideAfterCommitScope } from '../../db/after-commit.ts';
import type { Executor } from '../../db/client.ts';
import { perDatabaseHandle } from '../../db/prepared-query.ts';
import type { PaymentRow, TicketCheckoutRow } from '../../db/schema/index.ts';
import { conflict, DomainError, notSignedIn } from '../../lib/domain-errors.ts';
import { postLedgerTransactions } from './ledger.ts';
import { finishSales, holdForPayment, lockCheckoutsOfPayments, sellCheckouts, type TicketDeps } from '../tickets/tickets.service.ts';
import { paymentPort } from './payment-port.ts';
import { type BatchOutcome, keyedBatches } from '../../lib/keyed-batches.ts';
import type { ProviderOutcome } from './providers/index.ts';
import * as repository from './payments.repository.ts';
import { type PaymentCallerDeps, type PaymentSystemDeps, presentPayment } from './payment-access.ts';
import { applyOutcome, chargeMovement } from './payment-outcomes.ts';

/** What the tickets module needs to sell: these deps and the payments side of a ticket payment. */
export function ticketDepsOf(deps: PaymentSystemDeps): TicketDeps {
  return { ...deps, payments: paymentPort(deps.provider) };
}

/**
 * Guests' ticket payments the provider accepted, in the caller's transaction: `applyOutcome`'s success for a sale,
 * for a whole batch at once. The checkouts are paid and their tickets issued (`sellCheckouts`), each charge goes to
 * the ledger, the payments succeed, and the events' counters move (`finishSales`); a statement each, whatever the
 * batch's size. A buyer has no account: no notice and no payment receipt (the tickets email is the receipt).
 */
async function applyTicketSales(deps: PaymentSystemDeps, { tx, sales }: { tx: Executor; sales: TicketSale[] }): Promise<PaymentRow[]> {
  const now = deps.clock.now();
  const ticketDeps = ticketDepsOf(deps);
  await sellCheckouts(ticketDeps, { tx, checkouts: sales.map((sale) => sale.checkout) });
  await postLedgerTransactions(
    tx,
    sales.map((sale) => chargeMovement(sale.payment, now)),
  );
  const succeeded = await repository.markPaymentsSucceeded(tx, {
    items: sales.map((sale) => ({ id: sale.payment.id, confirmKey: sale.confirmKey })),
    at: now,
  });
  await finishSales(ticketDeps, { tx, checkouts: sales.map((sale) => sale.checkout) });
  return sales.map((sale) => succeeded.get(sale.payment.id)!);
}

type GuestCardConfirm = { id: string; card: NonNullable<PaymentConfirmInput['card']>; confirmKey?: string | undefined };

export const GUEST_CARD_CONFIRMS = 'guest-card-confirms';

/** At most this many confirms in one transaction. */
const MAX_CONFIRM_BATCH = 64;

/** Guests' card confirms are written in batches per database handle (one per app instance). */
export const guestConfirmBatchesOf = perDatabaseHandle((deps: PaymentCallerDeps) =>
  keyedBatches<GuestCardConfirm, Payment | null>((_key, confirms) => outsideAfterCommitScope(() => confirmGuestTicketPayments(deps, confirms)), { maxBatch: MAX_CONFIRM_BATCH }),
);

/**
 * Guests' card confirms that arrived together, in one transaction (group commit, as their checkouts' holds): their
 * payments are locked in one statement (in id order) and their checkouts in another, each ticket payment is checked
 * and charged as `confirmTicketPayment` does, and the sales among them are written by one `applyTicketSales`. A
 * payment that is not a ticket payment (a guest's donation), or that comes twice in the batch, answers null and is
 * confirmed on its own after this transaction; one refused (409, 400) is refused alone, before anything of it is
 * written.
 */
async function confirmGuestTicketPayments(deps: PaymentCallerDeps, confirms: GuestCardConfirm[]): Promise<BatchOutcome<Payment | null>[]> {
  return deps.db.transaction(async (tx) => {
    const outcomes: BatchOutcome<Payment | null>[] = confirms.map(() => ({ ok: true, value: null }));
    const locked = new Map((await repository.lockPayments(tx, [...new Set(confirms.map((confirm) => confirm.id))])).map((row) => [row.id, row]));
    const ticketPayments = [...locked.values()].filter((row) => row.type === 'CREDIT_CARD_TICKETS' && row.payerId === null);
    const checkouts = new Map((await lockCheckoutsOfPayments(tx, ticketPayments.map((row) => row.id))).map((row) => [row.paymentId, row]));
    const seen = new Set<string>();
    const sales: (TicketSale & { index: number })[] = [];
    for (const [index, confirm] of confirms.entries()) {
      const payment = locked.get(confirm.id);
      // As `visiblePayment` answers a caller who is not signed in.
      if (!payment || payment.payerId !== null) {
        outcomes[index] = { ok: false, error: notSignedIn() };
        continue;
      }
      if (payment.type !== 'CREDIT_CARD_TICKETS' || seen.has(payment.id)) continue;
      seen.add(payment.id);
      try {
        const charged = await chargeTicketPayment(deps, { tx, payment, card: confirm.card, confirmKey: confirm.confirmKey, checkout: checkouts.get(payment.id) });
        if ('sale' in charged) sales.push({ ...charged.sale, index });
        else outcomes[index] = { ok: true, value: presentPayment(deps, { row: charged.answer, refunded: payment.status === 'succeeded' ? await repository.refundedAmount(tx, payment.id) : 0 }) };
      } catch (error) {
        // A refusal (409, 400) is thrown before anything of its payment is written: the others go on.
        if (!(error instanceof DomainError)) throw error;
        outcomes[index] = { ok: false, error };
      }
    }
    if (sales.length > 0) {
      const sold = await applyTicketSales(deps, { tx, sales });
      sales.forEach((sale, at) => (outcomes[sale.index] = { ok: true, value: presentPayment(deps, { row: sold[at]!, refunded: 0 }) }));
    }
    return outcomes;
  });
}

/**
 * Confirming a guest's ticket payment (card only): its checkout must still hold the tickets, or hold them again if the
 * hold expired meanwhile and enough are left (409 `tickets.holdExpired` otherwise, the card untouched). Success sells
 * the tickets in the same transaction as the charge.
 */
export async function confirmTicketPayment(deps: PaymentCallerDeps, { tx, payment, input, confirmKey }: { tx: Executor; payment: PaymentRow; input: PaymentConfirmInput; confirmKey?: string }): Promise<PaymentRow> {
  const charged = await chargeTicketPayment(deps, { tx, payment, card: input.card, confirmKey });
  return 'sale' in charged ? (await applyTicketSales(deps, { tx, sales: [charged.sale] }))[0]! : charged.answer;
}

type TicketSale = { payment: PaymentRow; checkout: TicketCheckoutRow; confirmKey?: string | undefined };

/**
 * A ticket payment's confirm up to its sale (the payment locked by the caller): one already succeeded, processing or
 * confirmed with this Idempotency-Key answers as it is; one waiting for its extra step is 409; otherwise its checkout
 * must hold the tickets (`holdForPayment`; `checkout` when the caller locked it already) and the card is charged. A
 * refusal writes nothing. A sale is returned for the caller to write with others (`applyTicketSales`); any other
 * answer of the provider is recorded here.
 */
async function chargeTicketPayment(
  deps: PaymentSystemDeps,
  { tx, payment, card, confirmKey, checkout }: { tx: Executor; payment: PaymentRow; card: PaymentConfirmInput['card']; confirmKey?: string; checkout?: TicketCheckoutRow },
): Promise<{ answer: PaymentRow } | { sale: TicketSale }> {
  if (payment.status === 'succeeded' || payment.status === 'processing') return { answer: payment };
  if (confirmKey && payment.confirmKey === confirmKey) return { answer: payment };
  if (payment.status === 'requires_action') throw conflict('Complete the extra confirmation step first', 'payments.actionRequired');
  if (!card) throw new DomainError('invalid', { message: 'This payment takes a card', code: 'payments.wrongMethod', details: [{ field: 'card', message: 'validation.required' }] });
  const holding = checkout?.status === 'held' ? checkout : await holdForPayment(ticketDepsOf(deps), { tx, payment, approving: true });
  const outcome = await deps.provider.confirmCard({ paymentId: payment.id, ref: payment.providerRef ?? '', card, now: deps.clock.now() });
  if (outcome.status === 'succeeded') return { sale: { payment, checkout: holding, confirmKey } };
  return { answer: await applyOutcome(deps, { tx, payment, outcome, options: confirmKey ? { confirmKey } : {} }) };
}

/** What the provider answered for a ticket payment: a sale (`applyTicketSales`), or the payment's new status. */
export async function applyTicketOutcome(deps: PaymentSystemDeps, { tx, payment, checkout, outcome, confirmKey }: { tx: Executor; payment: PaymentRow; checkout: TicketCheckoutRow; outcome: ProviderOutcome; confirmKey?: string }): Promise<PaymentRow> {
  if (outcome.status === 'succeeded') return (await applyTicketSales(deps, { tx, sales: [{ payment, checkout, confirmKey }] }))[0]!;
  return applyOutcome(deps, { tx, payment, outcome, options: confirmKey ? { confirmKey } : {} });
}
