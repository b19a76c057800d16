import type { CancellationPreview, SettlementPreview } from '@goodtable/shared';
import { conflict } from '../../lib/domain-errors.ts';
import { bookingPaymentTerms, previewBookingAction } from '../bookings/bookings.service.ts';
import { cancellationPreviewOf, settlementPreviewOf, type BookingMoneyDeps } from './booking-money.ts';
import type { PaymentDeps } from './payments.service.ts';

/** The amounts an action will move, shown before the viewer takes it: the server's, on the business clock. */
export type MoneyPreviewDeps = PaymentDeps & Pick<BookingMoneyDeps, 'platformFeePercent'>;

/**
 * GET /v1/bookings/{id}/settlement-preview: the booking's parties (the cause's owner reads it too), others 404; a
 * booking that is not CONFIRMED or COMPLETED has no settlement to show (409).
 */
export async function getSettlementPreview(deps: MoneyPreviewDeps, bookingId: string): Promise<SettlementPreview> {
  const terms = await bookingPaymentTerms(deps, bookingId);
  if (terms.status !== 'CONFIRMED' && terms.status !== 'COMPLETED') throw conflict('This booking is not one that settles', 'payments.noSettlement');
  return settlementPreviewOf(deps, { db: deps.db, bookingId });
}

/**
 * GET /v1/bookings/{id}/cancellation-preview: what the viewer's cancel would do to the organiser's prepayment now,
 * refused as the cancel itself would be (404 strangers, 403 the cause or a party that never cancels, 409 not now).
 */
export async function getCancellationPreview(deps: MoneyPreviewDeps, bookingId: string): Promise<CancellationPreview> {
  const next = await previewBookingAction(deps, { id: bookingId, action: 'cancel' });
  return cancellationPreviewOf(deps.db, { bookingId, cancelReason: next.cancel_reason ?? null, now: deps.clock.now() });
}
