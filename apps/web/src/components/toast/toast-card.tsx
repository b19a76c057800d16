import { useTranslation } from 'react-i18next';
import type { ToastKind } from './toast-types.ts';

/** One toast: errors are alerts, successes statuses; the close button and Escape dismiss it. */
export function ToastCard({ kind, message, onDismiss }: { kind: ToastKind; message: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  const isError = kind === 'error';
  return (
    <div
      role={isError ? 'alert' : 'status'}
      data-toast-kind={kind}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-white p-4 shadow-lg ${
        isError ? 'border-red-200' : 'border-brand-200'
      }`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss();
      }}
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${
          isError ? 'bg-red-600' : 'bg-brand-600'
        }`}
      >
        {isError ? '!' : '✓'}
      </span>
      <p className="flex-1 text-sm text-slate-800">{message}</p>
      <button type="button" onClick={onDismiss} className="rounded p-0.5 text-slate-500 hover:text-slate-800" aria-label={t('toast.dismiss')}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
