import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import DOMPurify from 'dompurify';
import type { Notification } from '@goodtable/shared';
import { formatRelativeTime } from '../../lib/date-format.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { SkeletonLine } from '../../components/directory/directory-skeleton.tsx';
import { notificationLink } from './notifications-api.ts';
import { useNotificationMutations } from './use-notifications.ts';

/** The server builds titles with user text escaped; sanitising again keeps only emphasis, whatever arrives. */
const sanitiseTitle = (html: string) => DOMPurify.sanitize(html, { ALLOWED_TAGS: ['strong', 'em', 'b', 'i'], ALLOWED_ATTR: [] });

/**
 * One notification (full mode, docs/product.md, Screens and routes): "From: first last", the title as sanitised HTML, the content and the
 * relative time. Following it marks it read (`onOpen`) and opens its booking; the bin deletes it.
 */
export function NotificationItem({ notification, onOpen, onDelete, deleting }: { notification: Notification; onOpen: () => void; onDelete: () => void; deleting: boolean }) {
  const { t, i18n } = useTranslation('notifications');
  const sender = notification.user ? `${notification.user.first_name} ${notification.user.last_name}`.trim() : t('systemSender');
  return (
    <article
      data-testid="notification"
      data-read={notification.is_read}
      className={`flex items-start gap-2 px-4 py-3 ${notification.is_read ? 'bg-white' : 'bg-brand-50'}`}
    >
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.is_read ? 'bg-transparent' : 'bg-brand-600'}`} />
      <Link to={notificationLink(notification)} onClick={onOpen} className="min-w-0 flex-1 rounded-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        {notification.is_read ? null : <span className="sr-only">{t('unread')} </span>}
        <span className="block text-xs text-slate-500">{t('from', { name: sender })}</span>
        <span className="mt-0.5 block text-sm text-slate-900" dangerouslySetInnerHTML={{ __html: sanitiseTitle(notification.title) }} />
        {notification.content ? <span className="mt-0.5 block text-sm text-slate-600">{notification.content}</span> : null}
        <time dateTime={notification.created_at} className="mt-1 block text-xs text-slate-500">
          {formatRelativeTime({ instant: notification.created_at, now: new Date(), locale: currentLocale(i18n) })}
        </time>
      </Link>
      <button
        type="button"
        onClick={onDelete}
        disabled={deleting}
        aria-label={t('delete')}
        title={t('delete')}
        className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-50"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
    </article>
  );
}

/** What a list of notifications shows while it loads. */
export function NotificationSkeletons({ count, label }: { count: number; label: string }) {
  return (
    <ul aria-busy="true" aria-label={label} className="divide-y divide-slate-100">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} data-testid="notification-skeleton" className="animate-pulse space-y-2 px-4 py-3">
          <SkeletonLine className="h-3 w-24" />
          <SkeletonLine className="h-4 w-3/4" />
          <SkeletonLine className="h-3 w-1/3" />
        </li>
      ))}
    </ul>
  );
}

/** The list of a page of notifications, or the empty state. */
export function NotificationList({ notifications, onNavigate }: { notifications: Notification[]; onNavigate?: () => void }) {
  const { t } = useTranslation('notifications');
  const { markRead, remove } = useNotificationMutations();
  // A deleted one takes the focus with it: the list takes it back, so the keyboard stays in the popover or page.
  const listRef = useRef<HTMLUListElement>(null);
  if (notifications.length === 0) return <p className="px-4 py-8 text-center text-sm text-slate-500">{t('empty')}</p>;
  return (
    <ul ref={listRef} tabIndex={-1} aria-label={t('title')} className="divide-y divide-slate-100 focus:outline-none">
      {notifications.map((notification) => (
        <li key={notification.id}>
          <NotificationItem
            notification={notification}
            onOpen={() => {
              if (!notification.is_read) markRead.mutate(notification.id);
              onNavigate?.();
            }}
            onDelete={() => remove.mutate(notification.id, { onSuccess: () => listRef.current?.focus() })}
            deleting={remove.isPending && remove.variables === notification.id}
          />
        </li>
      ))}
    </ul>
  );
}
