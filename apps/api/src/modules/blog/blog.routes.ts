import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, blogListQuerySchema, blogListSchema, blogPostQuerySchema, blogPostSchema, blogSlugParamSchema, PRODUCT_NAME } from '@goodtable/shared';
import { publicUrl } from '../../config/env.ts';
import { escapeXml } from '../../lib/xml.ts';
import { visitorLanguage } from '../../plugins/web-app.ts';
import { allBlogPosts, getBlogPost, listBlogPosts, shippedBlog } from './blog.service.ts';

/** The blog: Markdown posts shipped in apps/api/content/blog, one file per language. */
export async function blogRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const context = shippedBlog();

  routes.get('/blog', {
    schema: {
      tags: ['blog'],
      summary: 'Blog posts of a language (en unless lang=vn), newest first, optionally of one tag, paged',
      querystring: blogListQuerySchema,
      response: { 200: blogListSchema, 400: apiErrorSchema },
    },
    handler: async (request) => listBlogPosts(context, request.query),
  });

  routes.get('/blog/:slug', {
    schema: {
      tags: ['blog'],
      summary: 'One blog post in a language, its body as sanitised HTML; 404 for an unknown slug',
      params: blogSlugParamSchema,
      querystring: blogPostQuerySchema,
      response: { 200: blogPostSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => getBlogPost(context, { slug: request.params.slug, lang: request.query.lang }),
  });
}

const RSS_DESCRIPTION = { en: 'Stories of fundraising dinners, the restaurants that host them and the causes they support.', vn: 'Câu chuyện về những bữa tối gây quỹ, các nhà hàng tổ chức và những tổ chức từ thiện được hỗ trợ.' };

/** GET /blog/rss.xml: the RSS 2.0 feed of the visitor's language (`?lang=vn` for Vietnamese). */
export async function blogFeedRoutes(app: FastifyInstance) {
  const context = shippedBlog();
  app.get('/blog/rss.xml', { schema: { hide: true } }, async (request, reply) => {
    const requested = (request.query as { lang?: string }).lang;
    const language = requested === 'vn' || requested === 'en' ? requested : visitorLanguage(request);
    const base = publicUrl(app.config);
    const items = allBlogPosts(context, language)
      .map((post) => {
        const link = `${base}/blog/${post.slug}`;
        return [
          '<item>',
          `<title>${escapeXml(post.title)}</title>`,
          `<link>${escapeXml(link)}</link>`,
          `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
          `<pubDate>${new Date(`${post.date}T00:00:00Z`).toUTCString()}</pubDate>`,
          `<description>${escapeXml(post.excerpt)}</description>`,
          ...post.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
          '</item>',
        ].join('');
      })
      .join('\n');
    const feed = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
      `<title>${PRODUCT_NAME} Blog</title>`,
      `<link>${escapeXml(`${base}/blog`)}</link>`,
      `<atom:link href="${escapeXml(`${base}/blog/rss.xml${language === 'vn' ? '?lang=vn' : ''}`)}" rel="self" type="application/rss+xml" />`,
      `<description>${escapeXml(RSS_DESCRIPTION[language])}</description>`,
      `<language>${language === 'vn' ? 'vi' : 'en'}</language>`,
      items,
      '</channel></rss>',
    ].join('\n');
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(feed);
  });
}
