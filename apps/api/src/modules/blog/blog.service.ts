import type { BlogList, BlogPost, Locale } from '@goodtable/shared';
import { notFound } from '../../lib/domain-errors.ts';
import { blogLibrary, type BlogLibrary } from './blog-posts.ts';

export type BlogContext = { blog: BlogLibrary };

/** GET /v1/blog: a language's posts, newest first, optionally of one tag, paged; with every tag for the filter. */
export function listBlogPosts({ blog }: BlogContext, query: { page: number; limit: number; tag?: string; lang: Locale }): BlogList {
  const posts = blog.posts(query.lang);
  const matching = query.tag ? posts.filter((post) => post.tags.includes(query.tag!)) : posts;
  const start = (query.page - 1) * query.limit;
  return {
    data: matching.slice(start, start + query.limit).map(({ html: _html, ...summary }) => summary),
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(matching.length / query.limit),
    totalResults: matching.length,
    tags: [...new Set(posts.flatMap((post) => post.tags))].sort(),
  };
}

/** GET /v1/blog/{slug}: one post in `lang`; 404 for a slug no post has in that language. */
export function getBlogPost({ blog }: BlogContext, { slug, lang }: { slug: string; lang: Locale }): BlogPost {
  const post = blog.find(slug, lang);
  if (!post) throw notFound('Post not found', 'blog.notFound');
  return post;
}

/** A language's posts, newest first, for the sitemap and the feed. */
export function allBlogPosts({ blog }: BlogContext, language: Locale): BlogPost[] {
  return blog.posts(language);
}

/** The posts shipped with the code (other modules read them through this service). */
export const shippedBlog = (): BlogContext => ({ blog: blogLibrary() });
