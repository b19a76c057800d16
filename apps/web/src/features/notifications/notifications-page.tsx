import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NOTIFICATIONS_PAGE_SIZE, type Notification, type PagedList } from '@goodtable/shared';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { MarkAllReadButton } from './mark-all-read-button.tsx';
import { NotificationList, NotificationSkeletons } from './notification-item.tsx';
import { useNotificationsPage, useUnreadCount } from './use-notifications.ts';

/**
 * The page as the reader last took it in, while notifications newer than its newest arrive live: put at the top, a new
 * one would push every row down under the reader's eyes (a layout shift). The new ones wait behind a button; reads and
 * deletions still show at once. `arrivals`: how many wait.
 */
function useArrivalsHeldBack(fresh: PagedList<Notification> | undefined, page: number): { shown: PagedList<Notification> | undefined; arrivals: number; showArrivals: () => void } {
  const [takenPage, setTakenPage] = useState<{ page: number; list: PagedList<Notification> }>();
  // Another page is a new reading: nothing of it was taken in yet.
  const taken = takenPage?.page === page ? takenPage.list : undefined;
  const setTaken = (list: PagedList<Notification> | undefined) => setTakenPage(list ? { page, list } : undefined);
  const newestTaken = taken?.data[0]?.created_at;
  const arrivals = fresh && taken && newestTaken ? fresh.data.filter((notification) => notification.created_at > newestTaken).length : 0;
  // Nothing new waits: the fresh page is the one taken in (React's pattern for state that follows a prop).
  if (fresh && fresh !== taken && arrivals === 0) setTaken(fresh);
  if (!fresh || !taken || arrivals === 0) return { shown: fresh, arrivals: 0, showArrivals: () => setTaken(fresh) };
  const freshById = new Map(fresh.data.map((notification) => [notification.id, notification]));
  const kept = taken.data.flatMap((notification) => freshById.get(notification.id) ?? []);
  return { shown: { ...fresh, data: kept }, arrivals, showArrivals: () => setTaken(fresh) };
}

const pagerClassName =
  'rounded-md px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:opacity-50 disabled:hover:bg-transparent';

/** `/notifications` (docs/product.md, Screens and routes): every notification of the viewer, newest first, ten a page (`?page=`). */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useNotificationsPage(page);
  const { shown, arrivals, showArrivals } = useArrivalsHeldBack(list.data, page);
  const unread = useUnreadCount();
  const totalPages = list.data?.totalPages ?? 0;
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <SignedInLayout>
      <div className="mx-auto max-w-3xl">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold text-slate-900">{t('title')}</h1>
          <MarkAllReadButton className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800" />
        </div>
        <p className="mt-1 text-sm text-slate-600">{t('unreadCount', { count: unread.data ?? 0 })}</p>
        <div className="relative mt-4">
          {/* Over the list, not above it: showing the button moves nothing. */}
          <div aria-live="polite" className="absolute top-2 left-1/2 z-10 -translate-x-1/2">
            {arrivals > 0 ? (
              <button type="button" onClick={showArrivals} className="rounded-full bg-brand-700 px-4 py-1.5 text-sm font-semibold whitespace-nowrap text-white shadow-md hover:bg-brand-800">
                {t('showNew', { count: arrivals })}
              </button>
            ) : null}
          </div>
          <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            {shown ? (
              <NotificationList notifications={shown.data} />
            ) : list.isError ? (
              <p role="alert" className="px-4 py-6 text-sm text-red-700">
                {t('errors.list')}
              </p>
            ) : (
              <NotificationSkeletons count={NOTIFICATIONS_PAGE_SIZE} label={t('loading')} />
            )}
          </div>
        </div>
        {totalPages > 1 ? (
          <nav aria-label={t('pages')} className="mt-4 flex items-center justify-between">
            <button type="button" className={pagerClassName} disabled={page <= 1} onClick={() => goTo(page - 1)}>
              {t('previous')}
            </button>
            <span className="text-sm text-slate-600">{t('pageOf', { page, total: totalPages })}</span>
            <button type="button" className={pagerClassName} disabled={page >= totalPages} onClick={() => goTo(page + 1)}>
              {t('next')}
            </button>
          </nav>
        ) : null}
      </div>
    </SignedInLayout>
  );
}
