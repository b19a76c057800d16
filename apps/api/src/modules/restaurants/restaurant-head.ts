import type { FastifyInstance } from 'fastify';
import {
  formatMoney,
  PUBLIC_DIRECTORY_PAGE_SIZE,
  RESERVED_SLUGS,
  restaurantDirectoryQuerySchema,
  SLUG_PATTERN,
  type Locale,
  type PublicRestaurant,
  type RestaurantListItem,
} from '@goodtable/shared';
import { html, type SafeHtml } from '../../lib/html.ts';
import { openGraphHead } from '../../lib/open-graph.ts';
import { directoryColumn, itemColumn, pageText, siteFrame } from '../../lib/page-markup.ts';
import { publicUrl } from '../../config/env.ts';
import type { HtmlHeadProvider, HtmlPage } from '../../plugins/web-app.ts';
import { requestContext } from '../../plugins/request-context.ts';
import { getPublicRestaurant, getRestaurantDirectory } from './restaurants.service.ts';
import { isNotFound } from '../../lib/domain-errors.ts';

const RESTAURANT_PAGE_PATH = /^\/([^/]+)\/?$/;

/** "Cuisine · City, Region" of a restaurant's page and directory card (apps/web restaurant-page.tsx, restaurant-card.tsx). */
export function restaurantPlace(page: HtmlPage, restaurant: Pick<RestaurantListItem, 'cuisine' | 'city' | 'region'>): string {
  const t = pageText(page, 'restaurants');
  return `${t(`cuisines.${restaurant.cuisine}`)} · ${restaurant.city}${restaurant.region !== 'Worldwide' ? `, ${t(`regions.${restaurant.region}`)}` : ''}`;
}

/**
 * The first screen of a restaurant's page as the app renders it (apps/web restaurant-page.tsx): name, cuisine and
 * place, the cover photo at its size, the description and the menus with their prices.
 */
function restaurantMarkup(page: HtmlPage, restaurant: PublicRestaurant): SafeHtml {
  const t = pageText(page, 'restaurants');
  const locale: Locale = page.language;
  const [photo] = restaurant.photos;
  return itemColumn(
    { widthClassName: 'max-w-5xl', backTo: '/restaurants', backLabel: t('page.back') },
    html`<article class="mt-6"><header class="flex flex-wrap items-end justify-between gap-4"><div><h1 class="text-3xl font-bold tracking-tight text-slate-900">${restaurant.name}</h1><p class="mt-2 text-slate-600">${restaurantPlace(page, restaurant)}</p></div></header>${
      photo
        ? html`<figure class="mt-6"><img src="${photo.url}" alt="${t('page.photoAlt', { name: restaurant.name, number: 1 })}" width="${photo.width}" height="${photo.height}" fetchpriority="high" class="aspect-[3/2] w-full rounded-xl object-cover" /></figure>`
        : ''
    }<div class="mt-8 grid gap-8 lg:grid-cols-[1fr_18rem]"><div><h2 class="text-xl font-semibold text-slate-900">${t('page.about')}</h2><p class="mt-3 whitespace-pre-line text-slate-700">${restaurant.description}</p><h2 class="mt-10 text-xl font-semibold text-slate-900">${t('page.menus')}</h2><ul class="mt-4 space-y-4">${restaurant.menus.map(
      (menu) =>
        html`<li class="rounded-xl border border-slate-200 p-5"><div class="flex flex-wrap items-baseline justify-between gap-2"><h3 class="font-semibold text-slate-900">${menu.name}</h3><p class="font-semibold text-slate-900">${t('menus.pricePerHead', { price: formatMoney(menu.price_per_head, menu.currency, locale) })}</p></div>${
          menu.description ? html`<p class="mt-1 text-sm text-slate-600">${menu.description}</p>` : ''
        }<p class="mt-2 text-sm text-slate-500">${t('menus.guestRange', { min: menu.min_guests, max: menu.max_guests })}</p></li>`,
    )}</ul></div></div></article>`,
  );
}

/**
 * The first page of /restaurants as the app shows it with no filter (apps/web restaurants-directory-page.tsx,
 * restaurant-card.tsx): heading, count and the cards, each linking to its restaurant's page.
 */
export async function restaurantDirectoryMarkup(app: FastifyInstance, page: HtmlPage): Promise<SafeHtml> {
  const t = pageText(page, 'restaurants');
  const query = restaurantDirectoryQuerySchema.parse({ limit: PUBLIC_DIRECTORY_PAGE_SIZE });
  const directory = await getRestaurantDirectory({ db: app.db, clock: app.clock, viewer: null, storage: app.storage }, query);
  return directoryColumn({
    heading: t('directory.heading'),
    subtitle: t('directory.subtitle'),
    filters: {
      gridClassName: 'md:grid-cols-2 lg:grid-cols-[1fr_14rem_14rem_8rem_10rem]',
      fields: [
        { kind: 'search', label: t('directory.search'), placeholder: t('directory.searchPlaceholder') },
        { kind: 'select', label: t('directory.region'), shown: t('directory.allRegions') },
        { kind: 'select', label: t('directory.cuisine'), shown: t('directory.allCuisines') },
        { kind: 'number', label: t('directory.guests') },
        { kind: 'select', label: pageText(page, 'common')('sortBy'), shown: t('directory.sortOptions.latest') },
      ],
    },
    results: t('directory.results', { count: directory.totalResults }),
    gridClassName: 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
    items: directory.data.map(
      (restaurant, index) =>
        html`<a href="/${restaurant.slug}" class="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:border-brand-300 hover:shadow-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">${
          restaurant.photo
            ? // The first card's photo is a phone's largest paint (Lighthouse): fetched at once; the others when near.
              html`<img src="${restaurant.photo.thumbnail_url}" alt=""${index === 0 ? html` fetchpriority="high"` : html` loading="lazy"`} class="aspect-[4/3] w-full object-cover" />`
            : html`<div class="flex aspect-[4/3] w-full items-center justify-center bg-gradient-to-br from-brand-700 to-brand-300 text-4xl font-bold text-white" aria-hidden="true">${restaurant.name.slice(0, 1)}</div>`
        }<div class="flex flex-1 flex-col p-4"><h2 class="font-semibold text-slate-900">${restaurant.name}</h2><p class="mt-1 text-sm text-slate-600">${restaurantPlace(page, restaurant)}</p><div class="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-3 text-sm text-slate-800">${
          restaurant.price_from !== null ? html`<span>${t('card.priceFrom', { price: formatMoney(restaurant.price_from, restaurant.currency, page.language) })}</span>` : ''
        }</div></div></a>`,
    ),
  });
}

/**
 * Title, Open Graph tags and first screen of a restaurant's page `/{slug}` in the served HTML, for crawlers and
 * visitors before the app's code runs; from the data the page's API call returns (GET /v1/restaurants/by-slug/{slug}).
 */
export function restaurantHeadProvider(app: FastifyInstance): HtmlHeadProvider {
  return async (request, page) => {
    const match = RESTAURANT_PAGE_PATH.exec(request.url.split('?')[0]!);
    if (!match) return undefined;
    const slug = match[1]!.toLowerCase();
    if ((RESERVED_SLUGS as readonly string[]).includes(slug)) return undefined;
    // Not a restaurant address at all: no page has it.
    if (!SLUG_PATTERN.test(slug)) return { status: 404 };
    const restaurant = await getPublicRestaurant(requestContext(request, { storage: app.storage }), slug).catch(isNotFound);
    // No published restaurant has this address: the 404 page, with its status.
    if (!restaurant) return { status: 404 };
    // Only the configured address: request headers (Host, X-Forwarded-Host) must not point links at another site.
    const base = publicUrl(app.config);
    const [cover] = restaurant.photos;
    const head = openGraphHead({
      name: restaurant.name || slug,
      description: restaurant.description,
      url: `${base}/${restaurant.slug}`,
      image: cover ? { url: `${base}${cover.url}`, width: cover.width, height: cover.height } : undefined,
    });
    return { ...head, body: siteFrame(page, restaurantMarkup(page, restaurant)) };
  };
}
