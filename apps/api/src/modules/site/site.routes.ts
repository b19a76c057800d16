import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, BOOKING_CLIENT_REFUND_DAYS, causeActivitySchema, idParamSchema, LOCALES, siteHomeSchema } from '@goodtable/shared';
import { publicUrl } from '../../config/env.ts';
import { escapeXml } from '../../lib/xml.ts';
import { allBlogPosts, shippedBlog } from '../blog/blog.service.ts';
import { getCauseActivity, getSiteHome, getSitemapEntries } from './site.service.ts';

/** What the public pages show of the marketplace. */
export async function siteRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const context = () => ({ db: app.db, clock: app.clock });
  const pricing = {
    platform_fee_percent: app.config.PLATFORM_FEE_PERCENT,
    deposit_percent: app.config.DEPOSIT_PERCENT,
    client_refund_days: BOOKING_CLIENT_REFUND_DAYS,
  };

  routes.get('/site/home', {
    schema: {
      tags: ['site'],
      summary: 'The home page: money causes received per currency (donations and settled events’ shares), completed events, upcoming confirmed events, configured pricing',
      response: { 200: siteHomeSchema },
    },
    handler: async () => getSiteHome(context(), pricing),
  });

  routes.get('/causes/:id/activity', {
    schema: {
      tags: ['site'],
      summary: "What a published cause received (its donations and its settled events' shares) and its upcoming confirmed events",
      params: idParamSchema,
      response: { 200: causeActivitySchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    handler: async (request) => getCauseActivity(context(), request.params.id),
  });
}

/** /sitemap.xml and /robots.txt for search engines. */
export async function siteFilesRoutes(app: FastifyInstance) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const base = publicUrl(app.config);
    const blog = shippedBlog();
    // A post exists once per slug whatever its languages; the English date is the newest edit we know.
    const postPaths = new Map<string, Date>();
    for (const language of LOCALES) for (const post of allBlogPosts(blog, language)) if (!postPaths.has(post.slug)) postPaths.set(post.slug, new Date(`${post.date}T00:00:00Z`));
    const entries = await getSitemapEntries({ db: app.db }, [...postPaths].map(([slug, date]) => ({ path: `/blog/${slug}`, lastModified: date })));
    const urls = entries
      .map((entry) => `<url><loc>${escapeXml(`${base}${entry.path}`)}</loc>${entry.lastModified ? `<lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`)
      .join('\n');
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    // Signed-in screens and the API are of no use to a search engine; everything public may be crawled.
    const disallowed = ['/v1/', '/docs', '/dev/', '/account', '/bookings', '/notifications', '/payments', '/payment-management', '/profile', '/guests/', '/sign-in', '/sign-up', '/signing-in', '/unsubscribe', '/tickets/'];
    const text = ['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl(app.config)}/sitemap.xml`, ''].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(text);
  });
}
