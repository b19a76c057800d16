import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner.tsx';

/** Shown while a screen waits for the session, its translations or its data. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-brand-700">
      <Spinner className="size-8" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}

/** Fallback used before any translation is available (the very first load). */
export function BlankLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-brand-700" aria-busy="true">
      <Spinner className="size-8" />
    </div>
  );
}
