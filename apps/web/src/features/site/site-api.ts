import type { BlogList, BlogPost, CauseActivity, CauseListItem, Locale, PagedList, RestaurantListItem, SiteHome } from '@goodtable/shared';
import type { ContactMessageInput } from '@goodtable/shared';
import { publicApi, authenticatedApi } from '../../lib/api.ts';
import { hasStoredToken } from '../../lib/stored-token.ts';

export const siteKeys = {
  home: ['site', 'home'] as const,
  causeActivity: (causeId: string) => ['site', 'cause-activity', causeId] as const,
  featuredRestaurants: ['site', 'featured-restaurants'] as const,
  featuredCauses: ['site', 'featured-causes'] as const,
  blogList: (query: { page: number; tag?: string; lang: Locale }) => ['blog', 'list', query] as const,
  blogPost: (slug: string, lang: Locale) => ['blog', 'post', slug, lang] as const,
};

/** How many restaurants and causes the home page features. */
export const FEATURED_COUNT = 3;
/** Blog posts per page. */
export const BLOG_PAGE_SIZE = 6;

export async function fetchSiteHome(): Promise<SiteHome> {
  return publicApi.get<SiteHome>('site/home');
}

export async function fetchCauseActivity(causeId: string): Promise<CauseActivity> {
  return publicApi.get<CauseActivity>(`causes/${causeId}/activity`);
}

/** The newest published restaurants and causes. */
export async function fetchFeaturedRestaurants(): Promise<RestaurantListItem[]> {
  return (await publicApi.get<PagedList<RestaurantListItem>>('restaurants', { params: { limit: FEATURED_COUNT } })).data;
}
export async function fetchFeaturedCauses(): Promise<CauseListItem[]> {
  return (await publicApi.get<PagedList<CauseListItem>>('causes', { params: { limit: FEATURED_COUNT, sortBy: 'created_at:desc' } })).data;
}

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

export async function fetchBlogPosts(query: { page: number; tag?: string; lang: Locale }): Promise<BlogList> {
  return publicApi.get<BlogList>('blog', { params: { page: query.page, limit: BLOG_PAGE_SIZE, lang: query.lang, tag: query.tag } });
}

export async function fetchBlogPost(slug: string, lang: Locale): Promise<BlogPost> {
  return publicApi.get<BlogPost>(`blog/${encodeURIComponent(slug)}`, { params: { lang } });
}
