import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentTimeZoneName, isValidTimeZone, LOCAL_STORAGE_DECLINED_TIMEZONE_KEY, type Me } from '@goodtable/shared';
import { Spinner } from '../../components/feedback/spinner.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { useSetSessionUser } from '../../lib/session.ts';
import { updateMe, updateMeInputFrom } from '../../lib/me-api.ts';
import { primaryButtonClassName, secondaryButtonClassName } from './account-styles.ts';

/** The zone this browser is in, by its current IANA name; undefined when the browser does not say. */
export function detectedTimeZone(): string | undefined {
  const zone = currentTimeZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return isValidTimeZone(zone) ? zone : undefined;
}

/** docs/product.md, Screens and routes: ask when the browser's zone differs from the stored one, unless this zone was declined before. */
export function shouldAskTimeZone({ storedZone, detected, declined }: { storedZone: string; detected: string | undefined; declined: string | null }): boolean {
  if (!detected) return false;
  return currentTimeZoneName(storedZone) !== detected && declined !== detected;
}

/**
 * Timezone prompt, a non-modal notice above the page's content (nothing is covered or blocked): No remembers the detected zone in
 * `notTimeZoneDetected`; Yes saves it with PUT me.
 */
export function TimezonePrompt({ user }: { user: Me }) {
  const { t } = useTranslation('accounts');
  const detected = detectedTimeZone();
  const [dismissed, setDismissed] = useState(false);
  const setSessionUser = useSetSessionUser();
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const mutation = useMutation({
    mutationFn: (timezone: string) => updateMe(updateMeInputFrom(user, { timezone })),
    onSuccess: (updated) => {
      setSessionUser(updated);
      setDismissed(true);
      showToast({ kind: 'success', message: t('timezone.updated') });
    },
    onError: (error) => showErrorToast(error, t('timezone.error')),
  });

  const open = !dismissed && shouldAskTimeZone({ storedZone: user.timezone, detected, declined: localStorage.getItem(LOCAL_STORAGE_DECLINED_TIMEZONE_KEY) });
  if (!open || !detected) return null;
  const decline = () => {
    localStorage.setItem(LOCAL_STORAGE_DECLINED_TIMEZONE_KEY, detected);
    setDismissed(true);
  };
  const label = (zone: string) => zone.replaceAll('_', ' ');

  return (
    <section
      aria-labelledby="timezone-prompt-title"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm"
    >
      <div className="min-w-60 flex-1">
        <h2 id="timezone-prompt-title" className="font-semibold text-slate-900">
          {t('timezone.title')}
        </h2>
        <p className="text-slate-700">{t('timezone.text', { detected: label(detected), stored: label(user.timezone) })}</p>
      </div>
      <div className="flex gap-3">
        <button type="button" className={secondaryButtonClassName} onClick={decline}>
          {t('timezone.no')}
        </button>
        <button type="button" className={primaryButtonClassName} disabled={mutation.isPending} onClick={() => mutation.mutate(detected)}>
          {mutation.isPending ? <Spinner /> : null}
          {t('timezone.yes')}
        </button>
      </div>
    </section>
  );
}
