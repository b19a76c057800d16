import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BlogPostSummary, Locale } from '@goodtable/shared';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { usePageHead } from '../../hooks/use-page-title.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { blogPostsQuery } from './blog-api.ts';
import { postDate } from './blog-dates.ts';

/** `first`: the top card, whose cover is on the first screen of a phone: loaded at once rather than lazily. */
function PostCard({ post, locale, first }: { post: BlogPostSummary; locale: Locale; first: boolean }) {
  const { t } = useTranslation('blog');
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 shadow-sm">
      <img
        src={post.cover.url}
        alt={post.cover.alt}
        width={1200}
        height={630}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        className="aspect-[1200/630] w-full object-cover" />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm text-slate-600">
          <time dateTime={post.date}>{postDate(post.date, locale)}</time> · {t('readingTime', { count: post.reading_minutes })}
        </p>
        <h2 className="mt-2 text-lg font-semibold text-slate-900">
          <Link to={`/blog/${post.slug}`} className="hover:text-brand-800">
            {post.title}
          </Link>
        </h2>
        <p className="mt-2 flex-1 text-sm leading-6 text-slate-700">{post.excerpt}</p>
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('tags')}>
          {post.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
              {t(`tagNames.${tag}`, { defaultValue: tag })}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

/** /blog: posts in the reader's language, newest first, paged, filtered by tag (`?tag=`, `?page=`). */
export function BlogListPage() {
  const { t, i18n } = useTranslation('blog');
  const locale = currentLocale(i18n);
  usePageHead({ name: t('pageTitle'), description: t('description') });
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({ ...blogPostsQuery({ page, tag, lang: locale }), placeholderData: keepPreviousData });
  const list = query.data;
  const go = (next: { tag?: string; page?: number }) => {
    const search = new URLSearchParams();
    if (next.tag) search.set('tag', next.tag);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  return (
    <SiteLayout>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t('heading')}</h1>
            <p className="mt-3 text-lg text-slate-700">{t('description')}</p>
          </div>
          <a href={`/blog/rss.xml${locale === 'vn' ? '?lang=vn' : ''}`} className="text-sm font-medium text-brand-800 underline">
            {t('rss')}
          </a>
        </div>
        {list ? (
          <div role="group" aria-label={t('filterByTag')} className="mt-8 flex flex-wrap gap-2">
            {[undefined, ...list.tags].map((option) => (
              <button
                key={option ?? 'all'}
                type="button"
                aria-pressed={option === tag}
                onClick={() => go({ tag: option })}
                className={`rounded-full px-3 py-1 text-sm font-medium ${option === tag ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'}`}
              >
                {option ? t(`tagNames.${option}`, { defaultValue: option }) : t('allTags')}
              </button>
            ))}
          </div>
        ) : null}
        {query.isError ? (
          <p role="alert" className="mt-10 text-red-700">
            {t('loadError')}
          </p>
        ) : !list ? (
          <p className="mt-10 text-slate-600">{t('loading')}</p>
        ) : list.data.length === 0 ? (
          <p className="mt-10 text-slate-700">{t('empty')}</p>
        ) : (
          <div className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.map((post, index) => (
              <PostCard key={post.slug} post={post} locale={locale} first={index === 0} />
            ))}
          </div>
        )}
        {list && list.totalPages > 1 ? (
          <nav aria-label={t('pagination')} className="mt-10 flex items-center justify-between">
            <button type="button" disabled={page <= 1} onClick={() => go({ tag, page: page - 1 })} className="rounded-md px-3 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 disabled:opacity-40">
              {t('previous')}
            </button>
            <span className="text-sm text-slate-700">{t('pageOf', { page, total: list.totalPages })}</span>
            <button type="button" disabled={page >= list.totalPages} onClick={() => go({ tag, page: page + 1 })} className="rounded-md px-3 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 disabled:opacity-40">
              {t('next')}
            </button>
          </nav>
        ) : null}
      </div>
    </SiteLayout>
  );
}
