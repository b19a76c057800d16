import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorToastMessage, type ErrorToast, type Translator } from './error-toast-message.ts';
import { showToast } from './toast-context.ts';

/** Shows a failing call as an error toast: the server's message, else `fallbackMessage` (already translated). */
export function showErrorToast(toast: ErrorToast & { translator: Translator }): void {
  showToast({ kind: 'error', message: errorToastMessage(toast) });
}

/** {@link showErrorToast} in the current language. */
export function useErrorToast(): (error: unknown, fallbackMessage: string) => void {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown, fallbackMessage: string) => showErrorToast({ error, fallbackMessage, translator: { exists: (key) => i18n.exists(key), t: (key) => t(key) } }),
    [t, i18n],
  );
}
