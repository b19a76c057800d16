import { lazy } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { usePageHead } from '../../hooks/use-page-title.ts';
import { isApiRequestError } from '../../lib/api-error.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { blogPostQuery } from './blog-api.ts';
import { postDate } from './blog-dates.ts';

// Only for an unknown slug: not part of a post's first load.
const NotFoundPage = lazy(async () => ({ default: (await import('../../components/errors/not-found-page.tsx')).NotFoundPage }));

/** /blog/{slug}: one post in the reader's language; its body is HTML the server rendered from Markdown and sanitised. */
export function BlogPostPage() {
  const { t, i18n } = useTranslation('blog');
  const locale = currentLocale(i18n);
  const { id: slug = '' } = useParams();
  const query = useQuery(blogPostQuery(slug, locale));
  const post = query.data;
  // An unknown slug: the 404 page it shows declares the head.
  usePageHead(
    post
      ? {
          name: post.title,
          description: post.excerpt,
          path: `/blog/${post.slug}`,
          type: 'article',
          publishedTime: post.date,
          image: { url: post.cover.url, alt: post.cover.alt },
          preloadImage: post.cover.url,
        }
      : query.isError
        ? undefined
        : { name: t('pageTitle'), titleOnly: true },
  );

  if (query.isError && isApiRequestError(query.error) && query.error.statusCode === 404) return <NotFoundPage />;
  return (
    <SiteLayout>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <Link to="/blog" className="text-sm font-medium text-brand-800 hover:text-brand-900">
          <span aria-hidden="true">&larr;</span> {t('backToBlog')}
        </Link>
        {query.isError ? (
          <p role="alert" className="mt-8 text-red-700">
            {t('loadError')}
          </p>
        ) : !post ? (
          <p className="mt-8 text-slate-600">{t('loading')}</p>
        ) : (
          <article className="mt-6">
            <h1 className="text-4xl font-bold tracking-tight text-balance text-slate-900">{post.title}</h1>
            <p className="mt-4 text-sm text-slate-600">
              {post.author} · <time dateTime={post.date}>{postDate(post.date, locale)}</time> · {t('readingTime', { count: post.reading_minutes })}
            </p>
            <img src={post.cover.url} alt={post.cover.alt} width={1200} height={630} className="mt-8 aspect-[1200/630] w-full rounded-xl object-cover" />
            {/* Sanitised by the server (allow-listed tags and attributes only): see apps/api/src/modules/blog/blog-posts.ts. */}
            <div className="blog-body mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
            <ul className="mt-10 flex flex-wrap gap-2" aria-label={t('tags')}>
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link to={`/blog?tag=${tag}`} className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-200">
                    {t(`tagNames.${tag}`, { defaultValue: tag })}
                  </Link>
                </li>
              ))}
            </ul>
          </article>
        )}
      </div>
    </SiteLayout>
  );
}
