import { useTranslation } from 'react-i18next';
import { useNotificationMutations, useUnreadCount } from './use-notifications.ts';

/**
 * "Mark all as read" (popover and page). Unavailable while nothing is unread, but never `disabled`: a disabled
 * button drops the keyboard focus, and the popover then stops hearing Escape.
 */
export function MarkAllReadButton({ className }: { className: string }) {
  const { t } = useTranslation('notifications');
  const unread = useUnreadCount();
  const { markAllRead } = useNotificationMutations();
  const unavailable = markAllRead.isPending || !unread.data;
  return (
    <button type="button" aria-disabled={unavailable} onClick={() => (unavailable ? undefined : markAllRead.mutate())} className={`${className} aria-disabled:opacity-60`}>
      {t('markAllRead')}
    </button>
  );
}
