import { useTranslation } from 'react-i18next';

/** "Nothing found" box of a directory; with `onClearFilters`, a "Clear filters" button. */
export function EmptyState({ heading, text, onClearFilters }: { heading: string; text: string; onClearFilters?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-10 text-center">
      <h2 className="text-lg font-semibold text-slate-900">{heading}</h2>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
      {onClearFilters ? (
        <button type="button" className="mt-4 text-sm font-semibold text-brand-700 hover:text-brand-800" onClick={onClearFilters}>
          {t('directory.clearFilters')}
        </button>
      ) : null}
    </div>
  );
}
