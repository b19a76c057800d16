import { useTranslation } from 'react-i18next';
import { toast, Toaster } from 'sonner';
// As a file: the CSP refuses the <style> element Sonner would create (vite.config.ts drops it).
import 'sonner/dist/styles.css';
import { TOAST_AUTO_CLOSE_MS } from '@goodtable/shared';
import { ToastCard } from './toast-card.tsx';
import type { ToastInput } from './toast-types.ts';

/** Sonner keeps the toasts (stacking, timers that pause on hover, swipe); our card gives them role and looks. */
export function publishToast({ kind, message }: ToastInput): void {
  toast.custom((id) => <ToastCard kind={kind} message={message} onDismiss={() => toast.dismiss(id)} />, { duration: TOAST_AUTO_CLOSE_MS });
}

/** The toast region: labelled, polite live region, top right (top centre on small screens). */
export function SonnerToaster() {
  const { t } = useTranslation();
  return <Toaster position="top-right" duration={TOAST_AUTO_CLOSE_MS} containerAriaLabel={t('toast.region')} toastOptions={{ unstyled: true }} />;
}
