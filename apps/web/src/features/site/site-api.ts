import { queryOptions } from '@tanstack/react-query';
import type { CauseActivity, CauseListItem, Locale, PagedList, RestaurantListItem, SiteHome } from '@goodtable/shared';
import type { ContactMessageInput } from '@goodtable/shared';
import { publicApi, authenticatedApi } from '../../lib/api.ts';
import { hasStoredToken } from '../../lib/stored-token.ts';

export const siteKeys = {
  home: ['site', 'home'] as const,
  causeActivity: (causeId: string) => ['site', 'cause-activity', causeId] as const,
  featuredRestaurants: ['site', 'featured-restaurants'] as const,
  featuredCauses: ['site', 'featured-causes'] as const,
};

/** How many restaurants and causes the home page features. */
export const FEATURED_COUNT = 3;

export async function fetchSiteHome(): Promise<SiteHome> {
  return publicApi.get<SiteHome>('site/home');
}

export const siteHomeQuery = () => queryOptions({ queryKey: siteKeys.home, queryFn: fetchSiteHome });

export async function fetchCauseActivity(causeId: string): Promise<CauseActivity> {
  return publicApi.get<CauseActivity>(`causes/${causeId}/activity`);
}

export const causeActivityQuery = (causeId: string) => queryOptions({ queryKey: siteKeys.causeActivity(causeId), queryFn: () => fetchCauseActivity(causeId) });

/** The newest published restaurants and causes. */
export async function fetchFeaturedRestaurants(): Promise<RestaurantListItem[]> {
  return (await publicApi.get<PagedList<RestaurantListItem>>('restaurants', { params: { limit: FEATURED_COUNT } })).data;
}
export async function fetchFeaturedCauses(): Promise<CauseListItem[]> {
  return (await publicApi.get<PagedList<CauseListItem>>('causes', { params: { limit: FEATURED_COUNT, sortBy: 'created_at:desc' } })).data;
}

export const featuredRestaurantsQuery = () => queryOptions({ queryKey: siteKeys.featuredRestaurants, queryFn: fetchFeaturedRestaurants });
export const featuredCausesQuery = () => queryOptions({ queryKey: siteKeys.featuredCauses, queryFn: fetchFeaturedCauses });

/** POST subscription (docs/product.md, API calls). */
export async function subscribe(input: { email: string; language: Locale }): Promise<{ id: string }> {
  return publicApi.post<{ id: string }>('subscription', { body: input });
}

export async function unsubscribe(token: string): Promise<void> {
  await publicApi.post('subscription/unsubscribe', { params: { token } });
}

/** POST contact: signed in, the message is linked to the account. */
export async function sendContactMessage(input: ContactMessageInput): Promise<{ id: string }> {
  const api = hasStoredToken() ? authenticatedApi : publicApi;
  return api.post<{ id: string }>('contact', { body: input });
}
