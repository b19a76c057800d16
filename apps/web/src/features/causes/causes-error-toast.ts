import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';

/**
 * Shows the "Get Cause error!" toast (translated) once when loading the user's causes fails. Beside useMyCauses
 * rather than in it: the public cause page uses the list, and its first load need not carry the toasts.
 */
export function useCausesErrorToast(error: unknown): void {
  const { t } = useTranslation('causes');
  const showErrorToast = useErrorToast();
  useEffect(() => {
    if (error) showErrorToast(error, t('dropdown.loadError'));
  }, [error, showErrorToast, t]);
}
