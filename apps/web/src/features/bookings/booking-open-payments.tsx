import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Booking, type Me, type Payment } from '@goodtable/shared';
import { primaryButtonClassName, secondaryButtonClassName } from '../../components/button-styles.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { formatLongDateTime } from '../../lib/date-format.ts';
import { markTransferReceived, openPaymentsQuery } from '../payments/payments-api.ts';
import { bookingKeys } from './bookings-api.ts';
import { useViewerClock } from './booking-time.tsx';

/** What the section reads of the booking. */
type BookingInFlight = Pick<Booking, 'id' | 'status' | 'client'>;

/** One payment in flight: a BECS debit clearing, or a bank transfer the restaurant side marks received. */
function OpenPayment({ booking, payment, user }: { booking: BookingInFlight; payment: Payment; user: Me }) {
  const { t } = useTranslation('payments');
  const { locale, timeZone } = useViewerClock();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const amount = formatMoney(payment.amount, { currency: payment.currency, locale });
  const received = useMutation({
    mutationFn: () => markTransferReceived(payment.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: openPaymentsQuery(booking.id).queryKey });
      showToast({ kind: 'success', message: t('openPayments.markedReceived') });
    },
    onError: (error) => showErrorToast(error, t('openPayments.markError')),
  });
  if (payment.type !== 'BANK_DEPOSIT') {
    return (
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{t('openPayments.processingTitle')}</span>{' '}
        {t('openPayments.processingText', {
          amount,
          account: payment.bank_account ? `${payment.bank_account.bsb} ••••${payment.bank_account.last4}` : '',
          date: payment.processing_until ? formatLongDateTime({ instant: payment.processing_until, timeZone, locale }) : '',
        })}
      </p>
    );
  }
  const isClient = user.id === booking.client.id;
  const reference = payment.bank_transfer?.reference ?? '';
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{t('openPayments.transferTitle')}</span>{' '}
        {t(isClient ? 'openPayments.transferClient' : 'openPayments.transferRestaurant', { amount, reference })}
      </p>
      {isClient ? (
        <Link to={`/bookings/${booking.id}/payment`} className={secondaryButtonClassName}>
          {t('openPayments.transferDetails')}
        </Link>
      ) : user.role === 'seller' || user.role === 'manager' ? (
        <button type="button" className={primaryButtonClassName} disabled={received.isPending} onClick={() => received.mutate()}>
          {t('openPayments.markReceived')}
        </button>
      ) : null}
    </div>
  );
}

/** An ACCEPTED booking's payments in flight (none asked for in any other status). */
export function useOpenPayments(booking: Pick<BookingInFlight, 'id' | 'status'>) {
  return useQuery({ ...openPaymentsQuery(booking.id), enabled: booking.status === 'ACCEPTED' });
}

/**
 * On an ACCEPTED booking's page, its payments in flight ("Payment processing" for a BECS debit; a bank transfer
 * awaited, with "Mark transfer received" for the restaurant side).
 */
export function BookingOpenPayments({ booking, user }: { booking: BookingInFlight; user: Me }) {
  const { t } = useTranslation('payments');
  const open = useOpenPayments(booking);
  if (booking.status !== 'ACCEPTED' || !open.data || open.data.data.length === 0) return null;
  return (
    <section aria-labelledby="open-payments-title" className="rounded-xl border border-amber-200 bg-amber-50 p-5 shadow-sm">
      <h2 id="open-payments-title" className="text-lg font-semibold text-slate-900">
        {t('openPayments.title')}
      </h2>
      <div className="mt-3 space-y-4">
        {open.data.data.map((payment) => (
          <OpenPayment key={payment.id} booking={booking} payment={payment} user={user} />
        ))}
      </div>
    </section>
  );
}
