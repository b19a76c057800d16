import type { FastifyInstance } from 'fastify';
import { publicUrl } from '../../config/env.ts';
import { excerpt } from '../../lib/open-graph.ts';
import type { HtmlHeadProvider } from '../../plugins/web-app.ts';
import { openGraphHead } from '../../lib/open-graph.ts';
import type { BlogContext } from './blog.service.ts';

const POST_PATH = /^\/blog\/([^/]+)\/?$/;

/**
 * Title, description and Open Graph tags of `/blog/{slug}` in the served HTML (the post in the visitor's language,
 * else in English); 404 with the 404 page when no post has the slug.
 */
export function blogPostHeadProvider(app: FastifyInstance, context: BlogContext): HtmlHeadProvider {
  return async (request, page) => {
    const match = POST_PATH.exec(request.url.split('?')[0]!);
    if (!match) return undefined;
    const slug = match[1]!;
    const post = context.blog.find(slug, page.language) ?? context.blog.find(slug, 'en');
    if (!post) return { status: 404 };
    const base = publicUrl(app.config);
    const head = openGraphHead({ name: post.title, description: post.excerpt, url: `${base}/blog/${post.slug}`, image: { url: `${base}${post.cover.url}` } });
    return {
      title: head.title,
      description: excerpt(post.excerpt),
      preloadImage: post.cover.url,
      meta: { ...head.meta, 'og:type': 'article', 'article:published_time': post.date, 'og:image:alt': post.cover.alt },
    };
  };
}
