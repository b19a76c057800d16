import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, type PublicEvent } from '@goodtable/shared';
import { formatLongDateTime } from '../../lib/long-date-time.ts';
import { currentLocale } from '../../lib/i18n.ts';

/** Confirmed upcoming events: title, time in the restaurant's zone, restaurant, cause, ticket price and tickets left. */
export function PublicEventList({ events, emptyText }: { events: PublicEvent[]; emptyText: string }) {
  const { t, i18n } = useTranslation('public-site');
  const locale = currentLocale(i18n);
  if (events.length === 0) return <p className="mt-4 text-slate-700">{emptyText}</p>;
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((event) => (
        <li key={event.id} className="rounded-xl border border-slate-200 p-5 shadow-sm">
          <p className="text-sm font-medium text-brand-800">
            <time dateTime={event.date}>{formatLongDateTime({ instant: event.date, timeZone: event.time_zone ?? 'UTC', locale })}</time>
          </p>
          <h3 className="mt-1 font-semibold text-slate-900">
            <Link to={`/share/${event.id}`} className="hover:text-brand-800">
              {event.title}
            </Link>
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            {event.restaurant.slug ? <Link to={`/${event.restaurant.slug}`} className="underline">{event.restaurant.name}</Link> : event.restaurant.name}
            {event.cause ? <> · {t('home.upcoming.for', { cause: event.cause.name })}</> : null}
          </p>
          <p className="mt-2 text-sm text-slate-600">
            {t('home.upcoming.ticketPrice', { price: formatMoney(event.ticket_price, { currency: event.currency, locale }) })} · {t('home.upcoming.ticketsLeft', { count: event.tickets_left })}
          </p>
        </li>
      ))}
    </ul>
  );
}
