import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, type RestaurantListItem } from '@goodtable/shared';
import { currentLocale } from '../../lib/i18n.ts';

/** One restaurant in the directory: cover photo, name, cuisine, city and region, price from, party sizes. */
export function RestaurantCard({ restaurant }: { restaurant: RestaurantListItem }) {
  const { t, i18n } = useTranslation('restaurants');
  const locale = currentLocale(i18n);
  return (
    <Link
      to={`/${restaurant.slug}`}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:border-brand-300 hover:shadow-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      {restaurant.photo ? (
        <img src={restaurant.photo.thumbnail_url} alt="" loading="lazy" className="aspect-[4/3] w-full object-cover" />
      ) : (
        <div className="flex aspect-[4/3] w-full items-center justify-center bg-gradient-to-br from-brand-700 to-brand-300 text-4xl font-bold text-white" aria-hidden="true">
          {restaurant.name.slice(0, 1)}
        </div>
      )}
      <div className="flex flex-1 flex-col p-4">
        <h2 className="font-semibold text-slate-900">{restaurant.name}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {t(`cuisines.${restaurant.cuisine}`)} · {restaurant.city}
          {restaurant.region !== 'Worldwide' ? `, ${t(`regions.${restaurant.region}`)}` : ''}
        </p>
        <div className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-3 text-sm text-slate-800">
          {restaurant.price_from !== null ? <span>{t('card.priceFrom', { price: formatMoney(restaurant.price_from, { currency: restaurant.currency, locale }) })}</span> : null}
          {restaurant.min_guests !== null && restaurant.max_guests !== null ? (
            <span>{t('card.guests', { min: restaurant.min_guests, max: restaurant.max_guests })}</span>
          ) : null}
        </div>
      </div>
    </Link>
  );
}
