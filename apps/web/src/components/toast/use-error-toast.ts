import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorToastMessage } from './error-toast-message.ts';
import { useToast } from './toast-context.ts';

/** Shows a failing call as an error toast: the server's message, else `fallbackMessage` (already translated). */
export function useErrorToast(): (error: unknown, fallbackMessage: string) => void {
  const { showToast } = useToast();
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown, fallbackMessage: string) => {
      const message = errorToastMessage(error, fallbackMessage, { exists: (key) => i18n.exists(key), t: (key) => t(key) });
      showToast({ kind: 'error', message });
    },
    [showToast, t, i18n],
  );
}
