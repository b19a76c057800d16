import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '@goodtable/shared';
import { ToastContext, type ToastApi, type ToastInput } from './toast-context.ts';

type Toast = ToastInput & { id: number };

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);

  const isError = toast.kind === 'error';
  return (
    <div
      role={isError ? 'alert' : 'status'}
      data-toast-kind={toast.kind}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-white p-4 shadow-lg ${
        isError ? 'border-red-200' : 'border-brand-200'
      }`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss(toast.id);
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
      <p className="flex-1 text-sm text-slate-800">{toast.message}</p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="rounded p-0.5 text-slate-500 hover:text-slate-800"
        aria-label={t('toast.dismiss')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Toasts of the whole app: announced to assistive technology, dismissible by keyboard, closed after 3000 ms. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const { t } = useTranslation();

  const dismissToast = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const showToast = useCallback((toast: ToastInput) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { ...toast, id }]);
  }, []);
  const api = useMemo<ToastApi>(() => ({ showToast, dismissToast }), [showToast, dismissToast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        aria-label={t('toast.region')}
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end sm:pr-6"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismissToast} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}
