import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { openLiveEvents } from '../../lib/live-events.ts';
import { useSession } from '../../lib/session.ts';
import {
  deleteNotification,
  markAllNotificationsRead,
  markNotificationsRead,
  NOTIFICATION_STREAM_PATH,
  notificationKeys,
  notificationsPageQuery,
  unreadCountQuery,
} from './notifications-api.ts';

/** Shows the error toast of docs/product.md, Errors (the server's message first) once a query fails. */
function useFailureToast({ error, isError, fallbackKey }: { error: unknown; isError: boolean; fallbackKey: string }) {
  const { t } = useTranslation('notifications');
  const showErrorToast = useErrorToast();
  useEffect(() => {
    if (isError) showErrorToast(error, t(fallbackKey));
  }, [isError, error, showErrorToast, t, fallbackKey]);
}

/** The badge's number; the bell (always there while signed in) is the one that reports a failure. */
export function useUnreadCount({ reportFailure = false }: { reportFailure?: boolean } = {}) {
  const query = useQuery(unreadCountQuery());
  useFailureToast({ error: query.error, isError: query.isError && reportFailure, fallbackKey: 'errors.unread' });
  return query;
}

/** One page of the viewer's notifications (the popover asks only once it opens: its panel mounts then). */
export function useNotificationsPage(page: number) {
  const session = useSession();
  // Refetched once a language change is saved to the account (the session's user follows it).
  const language = session.status === 'signed-in' ? session.user.language : null;
  const query = useQuery({ ...notificationsPageQuery(page, language), placeholderData: keepPreviousData });
  useFailureToast({ error: query.error, isError: query.isError, fallbackKey: 'errors.list' });
  return query;
}

/** Read one, read all, delete: each refreshes the badge and the lists, and shows its §8 toast when it fails. */
export function useNotificationMutations() {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const showErrorToast = useErrorToast();
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const markRead = useMutation({ mutationFn: (id: string) => markNotificationsRead([id]), onSettled: refresh, onError: (error) => showErrorToast(error, t('errors.read')) });
  const markAllRead = useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh, onError: (error) => showErrorToast(error, t('errors.readAll')) });
  const remove = useMutation({ mutationFn: deleteNotification, onSettled: refresh, onError: (error) => showErrorToast(error, t('errors.delete')) });
  return { markRead, markAllRead, remove };
}

/**
 * Keeps the badge, the open popover and the page current without reload: each event on the viewer's notification
 * stream (a new one, or one read or deleted in another tab) refreshes them.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      openLiveEvents({
        path: NOTIFICATION_STREAM_PATH,
        onEvent: (message) => {
          if (message.event.startsWith('notification')) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        },
      }),
    [queryClient],
  );
}
