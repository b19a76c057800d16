import { useTranslation } from 'react-i18next';
import { formatMoney, type SupporterList } from '@goodtable/shared';
import { formatRelativeTime } from '../../lib/date-format.ts';
import { currentLocale } from '../../lib/i18n.ts';

/**
 * The newest paid donations of a cause or an event, as its public pages show them: the donor's name, or "Anonymous"
 * (the API never sends an anonymous donor's name), the amount and how long ago.
 */
export function SupportersList({ supporters, headingId }: { supporters: SupporterList; headingId: string }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const now = new Date();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('supporters.title', { count: supporters.total })}
      </h2>
      {supporters.data.length === 0 ? (
        <p className="mt-2 text-slate-700">{t('supporters.none')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {/* A supporter carries no id (nothing a visitor could open): its place in the newest-first list is its key. */}
          {supporters.data.map((supporter, index) => (
            <li key={`${supporter.created_at}-${index}`} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span className="font-medium text-slate-900">{supporter.name ?? t('supporters.anonymous')}</span>
              <span className="text-sm text-slate-700">
                {formatMoney(supporter.amount, { currency: supporter.currency, locale })} ·{' '}
                <time dateTime={supporter.created_at}>{formatRelativeTime({ instant: supporter.created_at, now, locale })}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
