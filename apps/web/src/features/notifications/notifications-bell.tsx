import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MarkAllReadButton } from './mark-all-read-button.tsx';
import { NotificationList, NotificationSkeletons } from './notification-item.tsx';
import { useLiveNotifications, useNotificationsPage, useUnreadCount } from './use-notifications.ts';

/** The popover's content: loaded when it opens, kept current by the live stream while it stays open. */
function NotificationsPanel({ close }: { close: () => void }) {
  const { t } = useTranslation('notifications');
  const page = useNotificationsPage(1);
  return (
    <div className="flex max-h-[32rem] flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">{t('title')}</h2>
        <MarkAllReadButton className="rounded-md px-2 py-1 text-xs font-semibold text-brand-800 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600" />
      </div>
      <div className="overflow-y-auto">
        {page.data ? (
          <NotificationList notifications={page.data.data} onNavigate={close} />
        ) : page.isError ? (
          <p role="alert" className="px-4 py-6 text-sm text-red-700">
            {t('errors.list')}
          </p>
        ) : (
          <NotificationSkeletons count={3} label={t('loading')} />
        )}
      </div>
      <Link to="/notifications" onClick={close} className="border-t border-slate-100 px-4 py-2 text-center text-sm font-semibold text-brand-800 hover:bg-brand-50">
        {t('seeAll')}
      </Link>
    </div>
  );
}

/**
 * Header notifications (docs/product.md, Screens and routes): a bell with the unread count; its popover lists the newest
 * (the first page of ten, docs/product.md, Business constants), keyboard-usable (Headless UI: Escape closes, focus returns to the bell).
 */
export function NotificationsBell() {
  const { t } = useTranslation('notifications');
  const unread = useUnreadCount({ reportFailure: true });
  useLiveNotifications();
  const count = unread.data ?? 0;
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={count > 0 ? t('bellWithCount', { count }) : t('bell')}
        className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-6" aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" d="M14.857 17.082a23.848 23.848 0 0 0 5.454-1.31A8.967 8.967 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.967 8.967 0 0 1-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.255 24.255 0 0 1-5.714 0m5.714 0a3 3 0 1 1-5.714 0" />
        </svg>
        {count > 0 ? (
          <span data-testid="notifications-badge" aria-hidden="true" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        role="dialog"
        aria-label={t('title')}
        className="z-50 w-[min(24rem,calc(100vw-2rem))] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg [--anchor-gap:6px] focus:outline-none"
      >
        {({ close }) => <NotificationsPanel close={() => close()} />}
      </PopoverPanel>
    </Popover>
  );
}
