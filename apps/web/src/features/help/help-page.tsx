import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@goodtable/shared';
import { SearchField } from '../../components/directory/search-field.tsx';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { usePageHead } from '../../hooks/use-page-title.ts';
import { useScrollToHash } from '../../hooks/use-scroll-to-hash.ts';
import { searchHelp, type HelpGroup, type HelpQuestion } from './help-search.ts';

const GROUPS = ['clients', 'restaurants', 'causes', 'everyone'] as const;

/** /help: questions and answers by audience, searchable (debounced), each answer linkable by its anchor. */
export function HelpPage() {
  const { t } = useTranslation('help');
  const { t: site } = useTranslation('public-site');
  usePageHead({ name: site('meta.help.title'), description: site('meta.help.description') });
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const groups = useMemo<HelpGroup[]>(
    () => GROUPS.map((id) => ({ id, heading: t(`groups.${id}.heading`), questions: t(`groups.${id}.questions`, { returnObjects: true }) as HelpQuestion[] })),
    [t],
  );
  const found = useMemo(() => searchHelp(groups, debounced), [groups, debounced]);
  const count = found.reduce((total, group) => total + group.questions.length, 0);
  useScrollToHash(true);

  return (
    <SiteLayout>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t('heading')}</h1>
        <p className="mt-4 text-lg text-slate-700">{t('intro')}</p>
        <div className="mt-8" role="search">
          <SearchField label={t('searchLabel')} placeholder={t('searchPlaceholder')} value={search} onChange={setSearch} />
          <p role="status" className="mt-2 text-sm text-slate-600">
            {debounced.trim() ? (count === 0 ? t('nothingFound') : t('results', { count })) : null}
          </p>
        </div>
        {found.map((group) => (
          <section key={group.id} aria-labelledby={`help-${group.id}`} className="mt-10">
            <h2 id={`help-${group.id}`} className="text-2xl font-semibold text-slate-900">
              {group.heading}
            </h2>
            <div className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
              {group.questions.map((item) => (
                <section key={item.id} id={item.id} tabIndex={-1} aria-labelledby={`${item.id}-question`} className="scroll-mt-24 py-5 focus:outline-none">
                  <h3 id={`${item.id}-question`} className="flex items-start justify-between gap-4 font-semibold text-slate-900">
                    <span>{item.question}</span>
                    <a href={`#${item.id}`} className="shrink-0 text-sm font-normal text-brand-800 underline" aria-label={`${t('copyLink')}: ${item.question}`}>
                      #
                    </a>
                  </h3>
                  <p className="mt-2 leading-7 text-slate-700">{item.answer}</p>
                </section>
              ))}
            </div>
          </section>
        ))}
        <div className="mt-12 rounded-xl bg-brand-50 p-6">
          <p className="font-semibold text-brand-900">{t('stillStuck')}</p>
          <Link to="/contact" className="mt-3 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            {t('contact')}
          </Link>
        </div>
      </div>
    </SiteLayout>
  );
}
