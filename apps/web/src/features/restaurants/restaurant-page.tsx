import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, openStreetMapSearchUrl, WEEKDAYS } from '@goodtable/shared';
import { usePageHead } from '../../hooks/use-page-title.ts';
import { localCountryName } from '../../lib/countries.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { BookEventLink } from '../../components/bookings/book-event-link.tsx';
import { PublicItemLayout } from '../../components/layouts/public-item-layout.tsx';
import { restaurantBySlugQuery } from './restaurants-api.ts';

/**
 * /{slug}: a published restaurant's public page (photos, description, menus with prices, hosting days, map link,
 * "Book an event"); an unknown slug shows the 404 page.
 */
export function RestaurantPage() {
  const { t, i18n } = useTranslation('restaurants');
  const { id: slug = '' } = useParams();
  const query = useQuery(restaurantBySlugQuery(slug));
  const restaurant = query.data;
  const [photoIndex, setPhotoIndex] = useState(0);
  const [cover] = restaurant?.photos ?? [];
  // An unknown slug: the 404 page it shows declares the head.
  usePageHead(
    restaurant
      ? {
          name: restaurant.name || restaurant.slug,
          description: restaurant.description,
          path: `/${restaurant.slug}`,
          image: cover ? { url: cover.url, width: cover.width, height: cover.height } : undefined,
        }
      : query.isError
        ? undefined
        : { name: t('directory.pageTitle'), titleOnly: true },
  );
  const locale = currentLocale(i18n);

  const photo = restaurant?.photos[Math.min(photoIndex, restaurant.photos.length - 1)];

  return (
    <PublicItemLayout query={query} widthClassName="max-w-5xl" backTo="/restaurants" backLabel={t('page.back')} errorText={t('page.loadError')}>
      {(restaurant) => (
        <article className="mt-6">
          <header className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 className="text-3xl font-bold tracking-tight text-slate-900">{restaurant.name}</h1>
              <p className="mt-2 text-slate-600">
                {t(`cuisines.${restaurant.cuisine}`)} · {restaurant.city}
                {restaurant.region !== 'Worldwide' ? `, ${t(`regions.${restaurant.region}`)}` : ''}
              </p>
            </div>
            <BookEventLink query={{ restaurant: restaurant.id }}>{t('page.book')}</BookEventLink>
          </header>

          {photo ? (
            <figure className="mt-6">
              <img src={photo.url} alt={t('page.photoAlt', { name: restaurant.name, number: photoIndex + 1 })} className="aspect-[3/2] w-full rounded-xl object-cover" />
              {restaurant.photos.length > 1 ? (
                <ul className="mt-3 flex gap-3 overflow-x-auto" aria-label={t('page.photos')}>
                  {restaurant.photos.map((entry, index) => (
                    <li key={entry.id}>
                      <button
                        type="button"
                        onClick={() => setPhotoIndex(index)}
                        aria-pressed={index === photoIndex}
                        aria-label={t('page.showPhoto', { number: index + 1 })}
                        className={`block overflow-hidden rounded-md border-2 ${index === photoIndex ? 'border-brand-600' : 'border-transparent'}`}
                      >
                        <img src={entry.thumbnail_url} alt="" className="h-16 w-24 object-cover" />
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </figure>
          ) : null}

          <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_18rem]">
            <div>
              <h2 className="text-xl font-semibold text-slate-900">{t('page.about')}</h2>
              <p className="mt-3 whitespace-pre-line text-slate-700">{restaurant.description}</p>

              <h2 className="mt-10 text-xl font-semibold text-slate-900">{t('page.menus')}</h2>
              <ul className="mt-4 space-y-4">
                {restaurant.menus.map((menu) => (
                  <li key={menu.id} className="rounded-xl border border-slate-200 p-5">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <h3 className="font-semibold text-slate-900">{menu.name}</h3>
                      <p className="font-semibold text-slate-900">{t('menus.pricePerHead', { price: formatMoney(menu.price_per_head, { currency: menu.currency, locale }) })}</p>
                    </div>
                    {menu.description ? <p className="mt-1 text-sm text-slate-600">{menu.description}</p> : null}
                    <p className="mt-2 text-sm text-slate-500">{t('menus.guestRange', { min: menu.min_guests, max: menu.max_guests })}</p>
                  </li>
                ))}
              </ul>
            </div>

            <aside className="space-y-6">
              <section className="rounded-xl bg-slate-50 p-5">
                <h2 className="font-semibold text-slate-900">{t('page.address')}</h2>
                <address className="mt-2 text-sm text-slate-700 not-italic">
                  {restaurant.address}
                  <br />
                  {restaurant.city}, {localCountryName({ code: restaurant.country, fallback: restaurant.country_name, locale })}
                </address>
                <a
                  href={openStreetMapSearchUrl({ address: restaurant.address, city: restaurant.city, countryName: restaurant.country_name })}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:text-brand-800"
                >
                  {t('page.map')}
                  <span className="sr-only"> {t('page.opensInNewTab')}</span>
                </a>
              </section>
              {restaurant.hosting ? (
                <section className="rounded-xl bg-slate-50 p-5">
                  <h2 className="font-semibold text-slate-900">{t('page.hosting')}</h2>
                  <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t('page.hostingDays')}>
                    {WEEKDAYS.map((day) => {
                      const open = restaurant.hosting!.weekdays.includes(day);
                      return (
                        <li key={day} className={`rounded px-2 py-1 text-xs font-medium ${open ? 'bg-brand-100 text-brand-900' : 'bg-slate-200 text-slate-500 line-through'}`}>
                          <span aria-hidden="true">{t(`weekdaysShort.${day}`)}</span>
                          <span className="sr-only">{t(open ? 'page.dayOpen' : 'page.dayClosed', { day: t(`weekdays.${day}`) })}</span>
                        </li>
                      );
                    })}
                  </ul>
                  <p className="mt-3 text-sm text-slate-700">{t('page.hours', { start: restaurant.hosting.service_start, end: restaurant.hosting.service_end })}</p>
                  <p className="mt-1 text-sm text-slate-700">{t('menus.guestRange', { min: restaurant.hosting.min_guests, max: restaurant.hosting.max_guests })}</p>
                  <p className="mt-1 text-sm text-slate-700">{t('page.notice', { count: restaurant.hosting.notice_days })}</p>
                </section>
              ) : null}
            </aside>
          </div>
        </article>
      )}
    </PublicItemLayout>
  );
}
