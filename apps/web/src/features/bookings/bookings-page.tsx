import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BOOKING_GROUPS, BOOKING_LIST_FILTERS, type Booking, type BookingGroup, type BookingListFilter, type Me, type PagedList, type Role } from '@goodtable/shared';
import { DirectoryResults } from '../../components/directory/directory-results.tsx';
import { DirectorySkeleton, SkeletonLine } from '../../components/directory/directory-skeleton.tsx';
import { SearchField } from '../../components/directory/search-field.tsx';
import { useDebouncedSearch, useDirectoryAddress } from '../../components/directory/use-directory-address.ts';
import { SortSelect } from '../../components/form/sort-select.tsx';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useAvailableScreens } from '../../lib/available-screens.ts';
import { useSession } from '../../lib/session.ts';
import { setSelectedSpeaker, useSpeaker } from '../../lib/speaker.ts';
import { BookingRow } from './booking-row.tsx';
import { bookingKeys, bookingSummaryQuery, userBookingsQuery, type BookingListQuery } from './bookings-api.ts';
import { BOOKING_SORT_OPTIONS, bookingListQueryFromParams, statusParam } from './bookings-query.ts';
import { DraftsArchiveLink } from './drafts-link.tsx';
import { useLiveBookingQueries } from './use-live-bookings.ts';

/** Drafts belong to whoever organises an event: the restaurant side and causes never see them. */
const organises = (role: Role) => role === 'user' || role === 'manager';

/** Which list filter shows a dashboard group (groupings of docs/product.md, Booking lifecycle ↔ filters of Screens and routes). */
const GROUP_FILTER: Readonly<Record<BookingGroup, BookingListFilter>> = {
  IN_PROGRESS: 'IN_PROGRESS',
  CONFIRMED: 'CONFIRMED',
  COMPLETED: 'COMPLETED',
  CANCELLED: 'CANCELED',
  DRAFTS: 'DRAFT',
};

/** How many of the bookings waiting for the viewer the dashboard lists above the full list. */
const NEEDS_ACTION_LIMIT = 5;

const linkButtonClassName = 'rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800';
const secondaryLinkClassName = 'rounded-md px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-50';

function BookingSkeleton({ label, count }: { label: string; count: number }) {
  return (
    <DirectorySkeleton count={count} label={label} testId="booking-skeleton" gridClassName="" itemClassName="rounded-xl border border-slate-200 bg-white p-4">
      <div className="space-y-3">
        <SkeletonLine className="h-4 w-24" />
        <SkeletonLine className="h-4 w-2/3" />
        <SkeletonLine className="h-3 w-1/3" />
      </div>
    </DirectorySkeleton>
  );
}

/** The groupings (docs/product.md, Booking lifecycle) with their counts; each opens the list filtered to it. */
function GroupCounts({ user, restaurantId }: { user: Me; restaurantId: string | undefined }) {
  const { t } = useTranslation('bookings');
  const summary = useQuery(bookingSummaryQuery(user.id, restaurantId));
  const groups = BOOKING_GROUPS.filter((group) => group !== 'DRAFTS' || organises(user.role));
  return (
    <section aria-labelledby="booking-groups-heading" className="mt-6">
      <h2 id="booking-groups-heading" className="sr-only">
        {t('dashboard.groups')}
      </h2>
      {summary.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('dashboard.summaryError')}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-busy={summary.isPending}>
          {groups.map((group) => (
            <li key={group}>
              <Link
                to={`?status=${GROUP_FILTER[group]}`}
                className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                aria-label={summary.data ? t('dashboard.groupCount', { group: t(`group.${group}`), count: summary.data.groups[group] }) : t(`group.${group}`)}
              >
                <span className="block text-sm text-slate-600">{t(`group.${group}`)}</span>
                <span className="mt-1 block text-2xl font-semibold text-slate-900" aria-hidden="true">
                  {summary.data ? summary.data.groups[group] : '–'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What waits for the viewer's answer or payment, first on the dashboard. */
function useNeedsAction(user: Me, restaurantId: string | undefined) {
  const query: BookingListQuery = { status: 'ALL', sortBy: 'date:asc', page: 1, limit: NEEDS_ACTION_LIMIT, needs_action: true, ...(restaurantId ? { restaurant_id: restaurantId } : {}) };
  // A cause answers nothing and pays nothing: it has no such block.
  return useQuery({ ...userBookingsQuery(user.id, query), enabled: user.role !== 'cause' });
}

/** The attention block (nothing shows when nothing waits). */
function NeedsAction({ waiting }: { waiting: PagedList<Booking> }) {
  const { t } = useTranslation('bookings');
  if (waiting.totalResults === 0) return null;
  return (
    <section aria-labelledby="needs-action-heading" className="mt-8 rounded-xl border border-amber-200 bg-amber-50/60 p-4">
      <h2 id="needs-action-heading" className="text-lg font-semibold text-slate-900">
        {t('dashboard.needsAction', { count: waiting.totalResults })}
      </h2>
      <ul className="mt-3 space-y-3">
        {waiting.data.map((booking) => (
          <li key={booking.id}>
            <BookingRow booking={booking} />
          </li>
        ))}
      </ul>
      {waiting.totalResults > waiting.data.length ? <p className="mt-3 text-sm text-slate-600">{t('dashboard.needsActionMore', { count: waiting.totalResults - waiting.data.length })}</p> : null}
    </section>
  );
}

/** The filter tabs of docs/product.md, Screens and routes, kept in `?status=`. */
function StatusTabs({ role, status, onChange }: { role: Role; status: BookingListFilter; onChange: (status: BookingListFilter) => void }) {
  const { t } = useTranslation('bookings');
  const filters = BOOKING_LIST_FILTERS.filter((filter) => filter !== 'DRAFT' || organises(role));
  return (
    <div role="group" aria-label={t('list.filter')} className="flex flex-wrap gap-2">
      {filters.map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={filter === status}
          onClick={() => onChange(filter)}
          className={`rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset ${
            filter === status ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
          }`}
        >
          {t(`filter.${filter}`)}
        </button>
      ))}
    </div>
  );
}

/** The list's page of bookings, as the address asks for it. */
function useBookingList(user: Me, restaurantId: string | undefined) {
  const { searchParams, update } = useDirectoryAddress();
  const query = bookingListQueryFromParams(searchParams, restaurantId);
  const result = useQuery({ ...userBookingsQuery(user.id, query), placeholderData: keepPreviousData });
  return { query, result, update };
}

function BookingList({ user, restaurantId }: { user: Me; restaurantId: string | undefined }) {
  const { t } = useTranslation('bookings');
  const { query, result, update } = useBookingList(user, restaurantId);
  const [searchText, setSearchText] = useDebouncedSearch(query.search, update);
  const emptyKey = query.search ? 'search' : query.status;

  return (
    <section aria-labelledby="booking-list-heading" className="mt-10">
      <h2 id="booking-list-heading" className="text-lg font-semibold text-slate-900">
        {t('list.heading')}
      </h2>
      <div className="mt-4 space-y-4">
        <StatusTabs role={user.role} status={query.status} onChange={(status) => update({ status: statusParam(status) })} />
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <SearchField label={t('list.search')} placeholder={t('list.searchPlaceholder')} value={searchText} onChange={setSearchText} />
          <SortSelect
            value={query.sortBy}
            options={BOOKING_SORT_OPTIONS.map((option) => ({ value: option.value, label: t(option.labelKey) }))}
            onChange={(sortBy) => update({ sortBy: sortBy === 'updated_at:desc' ? undefined : sortBy })}
          />
        </div>
      </div>
      <DirectoryResults
        result={result}
        page={query.page}
        onPageChange={(page) => update({ page: String(page) }, false)}
        texts={{
          results: (count) => t('list.results', { count }),
          loadError: t('list.loadError'),
          emptyHeading: t(`empty.${emptyKey}.heading`),
          emptyText: t(`empty.${emptyKey}.text`),
        }}
        skeleton={<BookingSkeleton label={t('list.loading')} count={3} />}
        onClearFilters={
          query.search
            ? () => {
                setSearchText('');
                update({ search: undefined });
              }
            : undefined
        }
        gridClassName=""
        itemKey={(booking) => booking.id}
        renderItem={(booking) => <BookingRow booking={booking} />}
      />
    </section>
  );
}

/** The heading and the subtitle of the dashboard: whose bookings these are. */
function useDashboardHeading(user: Me, restaurantId: string | undefined): { heading: string; intro: string } {
  const { t } = useTranslation('bookings');
  const { restaurants } = useSpeaker(user);
  if (restaurantId && user.role === 'manager') {
    const restaurant = restaurants.find((candidate) => candidate.id === restaurantId);
    return restaurant?.name
      ? { heading: t('dashboard.restaurantHeading', { restaurant: restaurant.name }), intro: t('dashboard.restaurantIntro', { restaurant: restaurant.name }) }
      : { heading: t('dashboard.oneRestaurantHeading'), intro: t('dashboard.oneRestaurantIntro') };
  }
  return { heading: t(`dashboard.heading.${user.role}`), intro: t(`dashboard.intro.${user.role}`) };
}

function Dashboard({ user, restaurantId }: { user: Me; restaurantId: string | undefined }) {
  const { t } = useTranslation('bookings');
  const { heading, intro } = useDashboardHeading(user, restaurantId);
  const availableScreens = useAvailableScreens();
  const needsAction = useNeedsAction(user, restaurantId);
  // The list loads beside the attention block, though it shows only once the block is known.
  useBookingList(user, restaurantId);
  usePageTitle(heading);
  // A new request, or an answer by the other party, shows in the counts, the attention block and the list at once.
  useLiveBookingQueries([bookingKeys.lists, bookingKeys.summaries]);

  // A manager opening one restaurant's bookings acts for that restaurant (the speaker switcher follows).
  useEffect(() => {
    if (user.role === 'manager' && restaurantId) setSelectedSpeaker(restaurantId);
  }, [user.role, restaurantId]);

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{heading}</h1>
          <p className="mt-1 text-sm text-slate-600">{intro}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <DraftsArchiveLink user={user} className={secondaryLinkClassName} />
          {organises(user.role) && availableScreens.has('/add-event') ? (
            <Link to="/add-event" className={linkButtonClassName}>
              {t('dashboard.addEvent')}
            </Link>
          ) : null}
        </div>
      </div>
      <GroupCounts user={user} restaurantId={restaurantId} />
      {/* The attention block comes above the list: until it is known, a placeholder holds the list's place, so that
          the list never drops when the block arrives (docs/decisions/0201-pages-keep-their-place-while-loading.md). */}
      {needsAction.isPending && needsAction.fetchStatus !== 'idle' ? (
        <div className="mt-10">
          <BookingSkeleton label={t('list.loading')} count={3} />
        </div>
      ) : (
        <>
          {needsAction.data ? <NeedsAction waiting={needsAction.data} /> : null}
          <BookingList user={user} restaurantId={restaurantId} />
        </>
      )}
    </>
  );
}

/**
 * `/bookings`, every role's dashboard (client: its events; restaurant: requests and events; manager: All Bookings
 * across its restaurants; cause: events raising money for its causes, read-only), and `/restaurants/{id}/bookings`,
 * one restaurant's.
 */
export function BookingsPage() {
  const session = useSession();
  const { id: restaurantId } = useParams();
  return <SignedInLayout>{session.status === 'signed-in' ? <Dashboard key={restaurantId ?? 'all'} user={session.user} restaurantId={restaurantId} /> : null}</SignedInLayout>;
}
