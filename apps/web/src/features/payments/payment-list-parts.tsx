import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, type PagedList, type PaymentListItem } from '@goodtable/shared';
import { DirectoryResults } from '../../components/directory/directory-results.tsx';
import { DirectorySkeleton, SkeletonLine } from '../../components/directory/directory-skeleton.tsx';
import { useDirectoryAddress } from '../../components/directory/use-directory-address.ts';
import { formatShortDate } from '../../lib/date-format.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useDonorName } from './cause-donations.tsx';
import { moneyDirection, receiptPaymentId, type PaymentViewer } from './payment-history.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The list's address: `?page=` and `?booking=` (one booking's rows). */
export function usePaymentListAddress() {
  const { searchParams, update } = useDirectoryAddress();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  // Only an id is sent on (anything else in the address would be a 400).
  const booking = searchParams.get('booking');
  const bookingId = booking && UUID.test(booking) ? booking : undefined;
  // A manager's view of one restaurant it runs (the speaker switcher's "<restaurant> payments" link).
  const restaurant = searchParams.get('restaurant_id');
  const restaurantId = restaurant && UUID.test(restaurant) ? restaurant : undefined;
  return { page, bookingId, restaurantId, update };
}

/** A donation row's donor as its cause's owner reads it: an anonymous gift says so, with the name beside it. */
function DonorLine({ donation }: { donation: NonNullable<PaymentListItem['donation']> }) {
  const { t } = useTranslation('payment-history');
  const donorName = useDonorName();
  return (
    <div className="mt-1 text-sm text-slate-700" data-testid="donation-donor">
      <p>{t('donation.from', { donor: donorName(donation) })}</p>
      {donation.message ? (
        <blockquote className="mt-1 border-l-2 border-slate-300 pl-3 text-slate-600 italic [overflow-wrap:anywhere]">
          <span className="sr-only">{t('donation.message')}: </span>“{donation.message}”
        </blockquote>
      ) : null}
    </div>
  );
}

const amountColours = { in: 'text-emerald-700', out: 'text-slate-900', none: 'text-slate-500' } as const;
const signs = { in: '+', out: '−', none: '' } as const;

/**
 * One movement: what and for which booking (a donation: its donor and message), when, its status, the amount signed
 * from the viewer's side (money that is not the earner's income unsigned, saying so), the receipt.
 */
export function PaymentRow({ item, viewer, onFilterBooking }: { item: PaymentListItem; viewer: PaymentViewer; onFilterBooking?: (bookingId: string) => void }) {
  const { t, i18n } = useTranslation('payment-history');
  const locale = currentLocale(i18n);
  const direction = moneyDirection(item, viewer);
  const amount = formatMoney(item.amount, { currency: item.currency, locale });
  const title = item.booking ? (item.booking.title ?? t('untitled')) : item.donation ? t('donation.noEvent') : t('payout');
  const parties = [item.booking?.restaurant?.name, item.booking?.cause?.name ?? item.donation?.cause.name].filter(Boolean).join(' · ');
  const receiptId = receiptPaymentId(item);
  return (
    <article className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between sm:gap-4" data-testid="payment-row">
      <div className="min-w-0 sm:flex-1">
        <p className="text-sm font-semibold text-slate-900">{t(`types.${item.type}`)}</p>
        <p className="mt-1 text-sm text-slate-700">
          {item.booking ? (
            <Link to={`/bookings/${item.booking.id}`} className="font-medium text-brand-800 hover:underline">
              {title}
            </Link>
          ) : (
            title
          )}
          {parties ? <span className="text-slate-500"> · {parties}</span> : null}
        </p>
        {item.donation ? <DonorLine donation={item.donation} /> : null}
        <p className="mt-1 text-xs text-slate-500">
          <time dateTime={item.created_at}>{formatShortDate({ instant: item.created_at, timeZone: viewerTimeZone(), locale })}</time> · {t(`statuses.${item.status}`)}
        </p>
      </div>
      {/* A phone: the amount under the text, aligned with it, the links at the right of the same line. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 sm:block sm:shrink-0 sm:text-right">
        <p className={`text-base font-semibold ${amountColours[direction]}`}>
          <span className={direction === 'none' ? 'mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600' : 'sr-only'}>
            {t(`direction.${direction}`)}
            <span className="sr-only">: </span>
          </span>
          <span aria-hidden="true">{signs[direction]}</span>
          {amount}
        </p>
        <div className="flex flex-wrap justify-end gap-3 text-sm sm:mt-1">
          {onFilterBooking && item.booking ? (
            <button type="button" className="font-medium text-brand-800 hover:underline" onClick={() => onFilterBooking(item.booking!.id)} aria-label={t('onlyThisBookingLabel', { booking: title })}>
              {t('onlyThisBooking')}
            </button>
          ) : null}
          {receiptId ? (
            <Link to={`/payments/${receiptId}/receipt`} className="font-medium text-brand-800 hover:underline" aria-label={t('receiptLinkLabel', { type: t(`types.${item.type}`), amount })}>
              {t('receiptLink')}
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** The rows of a payments list with its count, skeletons, empty state and paging; a booking filter can be cleared. */
/** The placeholder rows of a payments list while it loads. */
export function PaymentListSkeleton() {
  const { t } = useTranslation('payment-history');
  return (
    <DirectorySkeleton count={3} label={t('loading')} testId="payment-skeleton" gridClassName="" itemClassName="rounded-xl border border-slate-200 bg-white p-4">
      <div className="space-y-3">
        <SkeletonLine className="h-4 w-32" />
        <SkeletonLine className="h-3 w-1/2" />
      </div>
    </DirectorySkeleton>
  );
}

export function PaymentRows({
  result,
  viewer,
  texts,
}: {
  result: { data: PagedList<PaymentListItem> | undefined; isPending: boolean; isFetching: boolean; isPlaceholderData: boolean; isError: boolean; refetch: () => unknown };
  viewer: PaymentViewer;
  texts: { loadError: string; emptyHeading: string; emptyText: string };
}) {
  const { t } = useTranslation('payment-history');
  const { page, bookingId, update } = usePaymentListAddress();
  return (
    <>
      {bookingId ? (
        <p className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-700">
          {t('filteredBooking')}
          <button type="button" className="font-semibold text-brand-800 hover:underline" onClick={() => update({ booking: undefined, page: undefined })}>
            {t('showAll')}
          </button>
        </p>
      ) : null}
      <DirectoryResults
        result={result}
        page={page}
        onPageChange={(next) => update({ page: String(next) }, false)}
        texts={{ results: (count) => t('results', { count }), ...texts }}
        skeleton={<PaymentListSkeleton />}
        gridClassName=""
        itemKey={(item) => item.id}
        renderItem={(item) => <PaymentRow item={item} viewer={viewer} onFilterBooking={bookingId ? undefined : (id) => update({ booking: id, page: undefined })} />}
      />
    </>
  );
}
