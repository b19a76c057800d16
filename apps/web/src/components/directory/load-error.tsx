import { useTranslation } from 'react-i18next';

/** A list that could not be loaded: the feature's message and a "Try again" button. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-6 text-sm text-red-800">
      <p>{message}</p>
      <button type="button" onClick={onRetry} className="mt-3 font-semibold underline">
        {t('directory.retry')}
      </button>
    </div>
  );
}
