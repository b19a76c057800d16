import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../hooks/use-page-title.ts';

/** Shown when a screen crashes: a way out instead of a blank page. */
export function AppErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('appError.title'));
  return (
    <main id="main-content" className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t('appError.heading')}</h1>
      <p className="max-w-md text-slate-600">{t('appError.text')}</p>
      <button
        type="button"
        onClick={() => window.location.assign('/')}
        className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('appError.reload')}
      </button>
    </main>
  );
}
