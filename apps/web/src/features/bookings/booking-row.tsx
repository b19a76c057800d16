import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Booking } from '@goodtable/shared';
import { BookingStatusBadge } from './booking-status-badge.tsx';
import { BookingTime } from './booking-time.tsx';

/** One booking in a list: status badge, title (the link to its page), restaurant, cause, event time, guests. */
export function BookingRow({ booking }: { booking: Booking }) {
  const { t } = useTranslation('bookings');
  const title = booking.title || t('list.untitled');
  return (
    <article
      aria-label={title}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <BookingStatusBadge label={booking.label} />
        <h3 className="font-semibold text-slate-900">
          <Link to={`/bookings/${booking.id}`} className="hover:text-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
            {title}
          </Link>
        </h3>
        <p className="text-sm text-slate-600">
          {booking.restaurant?.name ?? t('list.noRestaurant')}
          {booking.cause ? <> · {t('list.forCause', { cause: booking.cause.name })}</> : null}
        </p>
      </div>
      <dl className="grid shrink-0 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700 sm:text-right">
        <dt className="text-slate-500">{t('list.date')}</dt>
        <dd>{booking.date ? <BookingTime instant={booking.date} restaurantTimeZone={booking.restaurant?.timezone} /> : t('list.noDate')}</dd>
        <dt className="text-slate-500">{t('list.guests')}</dt>
        <dd>{booking.guests ?? '—'}</dd>
      </dl>
    </article>
  );
}
