import { useTranslation } from 'react-i18next';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { useScrollToHash } from '../../hooks/use-scroll-to-hash.ts';
import { usePublicPageMeta } from '../../hooks/use-page-title.ts';

type DocumentSection = { id: string; heading: string; paragraphs: string[] };

/**
 * A long text page (about, privacy, terms) from `public-site.json` → `<page>`: heading, optional date and intro, a
 * table of contents, and sections each linkable by its anchor.
 */
export function DocumentPage({ page }: { page: 'about' | 'privacy' | 'terms' }) {
  const { t, i18n } = useTranslation('public-site');
  usePublicPageMeta(page);
  const sections = t(`${page}.sections`, { returnObjects: true }) as DocumentSection[];
  const updated = i18n.exists(`${page}.updated`, { ns: 'public-site' }) ? t(`${page}.updated`) : null;
  const intro = i18n.exists(`${page}.intro`, { ns: 'public-site' }) ? t(`${page}.intro`) : null;
  useScrollToHash(Array.isArray(sections));

  return (
    <SiteLayout>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:grid lg:grid-cols-[16rem_1fr] lg:gap-12">
        <nav aria-labelledby="toc-heading" className="mb-10 lg:sticky lg:top-24 lg:mb-0 lg:self-start">
          <h2 id="toc-heading" className="text-sm font-semibold text-slate-900">
            {t('toc')}
          </h2>
          <ol className="mt-3 space-y-2 border-l border-slate-200 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="-ml-px block border-l border-transparent pl-4 text-slate-600 hover:border-slate-400 hover:text-slate-900">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t(`${page}.heading`)}</h1>
          {updated ? <p className="mt-3 text-sm text-slate-600">{updated}</p> : null}
          {intro ? <p className="mt-6 text-lg leading-8 text-slate-700">{intro}</p> : null}
          {sections.map((section) => (
            <section key={section.id} id={section.id} tabIndex={-1} aria-labelledby={`${section.id}-heading`} className="mt-10 scroll-mt-24 focus:outline-none">
              <h2 id={`${section.id}-heading`} className="text-2xl font-semibold text-slate-900">
                {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-4 leading-7 text-slate-700">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </article>
      </div>
    </SiteLayout>
  );
}

