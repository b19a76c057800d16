import { queryOptions } from '@tanstack/react-query';
import type { BlogList, BlogPost, Locale } from '@goodtable/shared';
import { publicApi } from '../../lib/api.ts';

/** Blog posts per page. */
export const BLOG_PAGE_SIZE = 6;

export type BlogListQuery = { page: number; tag?: string; lang: Locale };

export const blogKeys = {
  list: (query: BlogListQuery) => ['blog', 'list', query] as const,
  post: (slug: string, lang: Locale) => ['blog', 'post', slug, lang] as const,
};

export async function fetchBlogPosts(query: BlogListQuery): Promise<BlogList> {
  return publicApi.get<BlogList>('blog', { params: { page: query.page, limit: BLOG_PAGE_SIZE, lang: query.lang, tag: query.tag } });
}

export const blogPostsQuery = (query: BlogListQuery) => queryOptions({ queryKey: blogKeys.list(query), queryFn: () => fetchBlogPosts(query) });

export async function fetchBlogPost(slug: string, lang: Locale): Promise<BlogPost> {
  return publicApi.get<BlogPost>(`blog/${encodeURIComponent(slug)}`, { params: { lang } });
}

/** A post in one language; a 404 is the page's answer, not asked again. */
export const blogPostQuery = (slug: string, lang: Locale) => queryOptions({ queryKey: blogKeys.post(slug, lang), queryFn: () => fetchBlogPost(slug, lang), retry: false });
