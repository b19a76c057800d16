import { useTranslation } from 'react-i18next';
import { secondaryButtonClassName } from '../../components/button-styles.ts';
import { showToast } from '../../components/toast/toast-context.ts';

/** Copy the page's link, and the device's own share sheet where the browser has one (phones, some desktops). */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('share');
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ kind: 'success', message: t('share.copied') });
    } catch {
      // No clipboard access (permission refused, insecure context): the address is on screen to copy by hand.
      showToast({ kind: 'error', message: t('share.copyFailed') });
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // Closed without sharing: nothing to say.
    }
  };
  return (
    <div className="flex flex-wrap gap-3">
      <button type="button" className={secondaryButtonClassName} onClick={() => void copy()}>
        {t('share.copy')}
      </button>
      {canShare ? (
        <button type="button" className={secondaryButtonClassName} onClick={() => void share()}>
          {t('share.native')}
        </button>
      ) : null}
    </div>
  );
}
