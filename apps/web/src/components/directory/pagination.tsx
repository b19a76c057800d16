import { useTranslation } from 'react-i18next';

const buttonClassName = 'rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';

/** Previous / "Page x of y" / Next under a paged directory; nothing when there is a single page. */
export function Pagination({ page, totalPages, onPageChange }: { page: number; totalPages: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('directory.pagination')} className="mt-8 flex items-center justify-between border-t border-slate-200 pt-6">
      <button type="button" disabled={page <= 1} onClick={() => onPageChange(page - 1)} className={buttonClassName}>
        {t('directory.previous')}
      </button>
      <span className="text-sm text-slate-600">{t('directory.pageOf', { page, totalPages })}</span>
      <button type="button" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)} className={buttonClassName}>
        {t('directory.next')}
      </button>
    </nav>
  );
}
