import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BOOKING_DECLINE_REASONS, formatMoney, type Booking, type BookingDeclineReason, type Me } from '@goodtable/shared';
import { dangerButtonClassName, primaryButtonClassName, secondaryButtonClassName } from '../../components/button-styles.ts';
import { ModalDialog } from '../../components/dialogs/modal-dialog.tsx';
import { NotFoundPage } from '../../components/errors/not-found-page.tsx';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { ApiRequestError } from '../../lib/api-error.ts';
import { useAvailableScreens } from '../../lib/available-screens.ts';
import { formatLongDateTime, formatRelativeTime } from '../../lib/date-format.ts';
import { useSession } from '../../lib/session.ts';
import { bookingActionControls, isPrimaryControl, type BookingActionControl, type BookingDialogAction } from './booking-actions.ts';
import { DirectorySkeleton, SkeletonLine } from '../../components/directory/directory-skeleton.tsx';
import { BookingAttendees, useAttendees } from './booking-attendees.tsx';
import { CancelDialog, ConfirmCompletionDialog } from './booking-money-dialogs.tsx';
import { BookingMoney, useBookingMoneyLoading } from './booking-money.tsx';
import { BookingOpenPayments, useOpenPayments } from './booking-open-payments.tsx';
import { BookingStatusBadge } from './booking-status-badge.tsx';
import { BookingTime, useViewerClock } from './booking-time.tsx';
import { useLiveBookingQueries } from './use-live-bookings.ts';
import {
  bookingEventsQuery,
  bookingKeys,
  bookingQuery,
  declineBooking,
  deleteBooking,
  postBookingAction,
  rebookBooking,
  type BookingPageAction,
} from './bookings-api.ts';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-slate-500">{term}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function EventDetails({ booking }: { booking: Booking }) {
  const { t } = useTranslation('bookings');
  const { locale } = useViewerClock();
  const money = (amount: number | null) => (amount !== null && booking.currency ? formatMoney(amount, { currency: booking.currency, locale }) : t('page.notSet'));
  const toCause = booking.ticket_price !== null && booking.menu ? booking.ticket_price - booking.menu.price : null;
  return (
    <SectionCard size="compact" title={t('page.details')}>
      <dl className="divide-y divide-slate-100">
        <Detail term={t('page.date')}>
          {booking.date ? <BookingTime instant={booking.date} restaurantTimeZone={booking.restaurant?.timezone} /> : t('page.notSet')}
        </Detail>
        <Detail term={t('page.restaurant')}>
          {booking.restaurant?.slug ? (
            <Link to={`/${booking.restaurant.slug}`} className="font-medium text-brand-800 hover:underline">
              {booking.restaurant.name}
            </Link>
          ) : (
            (booking.restaurant?.name ?? t('page.notSet'))
          )}
        </Detail>
        <Detail term={t('page.menu')}>
          {booking.menu ? t('page.menuPrice', { menu: booking.menu.name, price: money(booking.menu.price) }) : t('page.notSet')}
        </Detail>
        <Detail term={t('page.guests')}>{booking.guests ?? t('page.notSet')}</Detail>
        <Detail term={t('page.cause')}>
          {booking.cause ? (
            <Link to={`/cause/${booking.cause.slug}`} className="font-medium text-brand-800 hover:underline">
              {booking.cause.name}
            </Link>
          ) : (
            t('page.notSet')
          )}
        </Detail>
        <Detail term={t('page.ticketPrice')}>
          {money(booking.ticket_price)}
          {toCause !== null && toCause >= 0 ? <span className="block text-xs text-slate-500">{t('page.toCause', { amount: money(toCause) })}</span> : null}
        </Detail>
        <Detail term={t('page.goal')}>{booking.goal !== null ? money(booking.goal) : t('page.noGoal')}</Detail>
        {booking.story ? <Detail term={t('page.story')}><p className="whitespace-pre-line">{booking.story}</p></Detail> : null}
      </dl>
    </SectionCard>
  );
}

function Parties({ booking }: { booking: Booking }) {
  const { t } = useTranslation('bookings');
  return (
    <SectionCard size="compact" title={t('page.parties')}>
      <dl className="divide-y divide-slate-100">
        <Detail term={booking.host_event ? t('page.organiser') : t('page.client')}>
          {booking.client.first_name} {booking.client.last_name}
        </Detail>
        <Detail term={t('page.restaurant')}>{booking.restaurant?.name ?? t('page.notSet')}</Detail>
      </dl>
    </SectionCard>
  );
}

function GuestPreferences({ booking }: { booking: Booking }) {
  const { t } = useTranslation('bookings');
  const preferences = booking.guest_preferences;
  if (!preferences) return null;
  return (
    <SectionCard size="compact" title={t('page.guestPreferences')}>
      <dl className="divide-y divide-slate-100">
        <Detail term={t('preferences.dietary')}>
          {preferences.dietary.length === 0 ? (
            t('preferences.none')
          ) : (
            <ul>
              {preferences.dietary.map((entry) => (
                <li key={entry.need}>{t('preferences.dietaryCount', { need: t(`restaurants:dietary.${entry.need}`), count: entry.count })}</li>
              ))}
            </ul>
          )}
        </Detail>
        <Detail term={t('preferences.seating')}>{t(`preferences.seatingOption.${preferences.seating}`)}</Detail>
        {preferences.arrival_time ? <Detail term={t('preferences.arrivalTime')}>{preferences.arrival_time}</Detail> : null}
        {preferences.accessibility ? (
          <Detail term={t('preferences.accessibility')}>
            <p className="whitespace-pre-line">{preferences.accessibility}</p>
          </Detail>
        ) : null}
        {preferences.notes ? (
          <Detail term={t('preferences.notes')}>
            <p className="whitespace-pre-line">{preferences.notes}</p>
          </Detail>
        ) : null}
      </dl>
    </SectionCard>
  );
}

/** The deadlines still running, with the time left, and the restaurant's suggested time or decline reason. */
function Status({ booking }: { booking: Booking }) {
  const { t } = useTranslation('bookings');
  const { locale, timeZone } = useViewerClock();
  const now = new Date();
  const deadlines = [
    { key: 'responseDue', at: booking.response_due_at },
    { key: 'depositDue', at: booking.deposit_due_at },
  ].filter((deadline): deadline is { key: string; at: string } => deadline.at !== null);
  return (
    <SectionCard size="compact" title={t('page.status')}>
      <p className="text-sm text-slate-700">{t(`explanation.${booking.label.key}`)}</p>
      {deadlines.length > 0 || booking.suggestion || booking.decline_reason ? (
        <dl className="mt-3 divide-y divide-slate-100">
          {deadlines.map((deadline) => (
            <Detail key={deadline.key} term={t(`page.${deadline.key}`)}>
              <time dateTime={deadline.at}>{formatLongDateTime({ instant: deadline.at, timeZone, locale })}</time>{' '}
              <span className="text-slate-600">({formatRelativeTime({ instant: deadline.at, now, locale })})</span>
            </Detail>
          ))}
          {booking.suggestion ? (
            <Detail term={t('page.suggestion')}>
              <BookingTime instant={booking.suggestion.date} restaurantTimeZone={booking.restaurant?.timezone} />
            </Detail>
          ) : null}
          {booking.decline_reason ? <Detail term={t('page.declineReason')}>{t(`declineReason.${booking.decline_reason}`)}</Detail> : null}
        </dl>
      ) : null}
    </SectionCard>
  );
}

function Timeline({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('bookings');
  const { locale, timeZone } = useViewerClock();
  const events = useQuery(bookingEventsQuery(bookingId));
  return (
    <SectionCard size="compact" title={t('page.history')}>
      {events.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('page.historyError')}
        </p>
      ) : null}
      {events.isPending ? <p className="text-sm text-slate-500">{t('page.historyLoading')}</p> : null}
      {events.data ? (
        <ol className="space-y-3 border-l border-slate-200 pl-4">
          {events.data.map((event) => (
            <li key={event.id} className="text-sm">
              <p className="font-medium text-slate-900">{t(`history.action.${event.action}`, { defaultValue: event.action })}</p>
              <p className="text-slate-600">
                {event.user ? `${event.user.first_name} ${event.user.last_name}` : t(`history.actor.${event.actor}`, { defaultValue: event.actor })}
                {' · '}
                <time dateTime={event.created_at}>{formatLongDateTime({ instant: event.created_at, timeZone, locale })}</time>
              </p>
              {event.reason && event.action === 'decline' ? <p className="text-slate-600">{t(`declineReason.${event.reason}`, { defaultValue: event.reason })}</p> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </SectionCard>
  );
}

function DeclineDialog({ open, onClose, onDecline, pending }: { open: boolean; onClose: () => void; onDecline: (reason: BookingDeclineReason) => void; pending: boolean }) {
  const { t } = useTranslation('bookings');
  const [reason, setReason] = useState<BookingDeclineReason | null>(null);
  const name = useId();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('declineDialog.title')}
      text={t('declineDialog.text')}
      actions={
        <>
          <button type="button" className={secondaryButtonClassName} onClick={onClose}>
            {t('dialog.keep')}
          </button>
          <button type="button" className={dangerButtonClassName} disabled={!reason || pending} onClick={() => reason && onDecline(reason)}>
            {t('declineDialog.confirm')}
          </button>
        </>
      }
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t('declineDialog.reason')}</legend>
        <div className="mt-2 space-y-2">
          {BOOKING_DECLINE_REASONS.map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm text-slate-800">
              <input type="radio" name={name} value={value} checked={reason === value} onChange={() => setReason(value)} className="mt-0.5" />
              {t(`declineReason.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
    </ModalDialog>
  );
}

function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  pending,
  title,
  text,
  confirmLabel,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
  title: string;
  text: string;
  confirmLabel: string;
}) {
  const { t } = useTranslation('bookings');
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={title}
      text={text}
      actions={
        <>
          <button type="button" className={secondaryButtonClassName} onClick={onClose}>
            {t('dialog.keep')}
          </button>
          <button type="button" className={dangerButtonClassName} disabled={pending} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}

type OpenDialog = BookingDialogAction | null;

/** The actions the viewer may take now (the server's `allowed_actions`), each with its dialog when it needs one. */
function Actions({ booking, user }: { booking: Booking; user: Me }) {
  const { t } = useTranslation('bookings');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const availableScreens = useAvailableScreens();
  const showErrorToast = useErrorToast();
  const { showToast } = useToast();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const controls = bookingActionControls({ booking, viewerId: user.id, availableScreens });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: bookingQuery(booking.id).queryKey });
    void queryClient.invalidateQueries({ queryKey: bookingEventsQuery(booking.id).queryKey });
    void queryClient.invalidateQueries({ queryKey: bookingKeys.lists });
    void queryClient.invalidateQueries({ queryKey: bookingKeys.summaries });
    void queryClient.invalidateQueries({ queryKey: bookingKeys.draftCounts });
  };
  const onError = (error: unknown) => {
    // 409: someone changed the booking, or the moment passed; the server says why and the page shows what is true now.
    showErrorToast(error, t('page.actionError'));
    if (error instanceof ApiRequestError && error.statusCode === 409) refresh();
  };
  const changed = (updated: Booking) => {
    setDialog(null);
    queryClient.setQueryData(bookingQuery(booking.id).queryKey, updated);
    refresh();
    showToast({ kind: 'success', message: t('page.updated') });
  };
  const change = useMutation({
    mutationFn: (request: { kind: 'post'; action: BookingPageAction } | { kind: 'decline'; reason: BookingDeclineReason }) =>
      request.kind === 'post' ? postBookingAction(booking, request.action) : declineBooking(booking, request.reason),
    onSuccess: changed,
    onError: (error) => {
      setDialog(null);
      onError(error);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteBooking(booking.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: bookingQuery(booking.id).queryKey });
      refresh();
      showToast({ kind: 'success', message: t('page.deleted') });
      void navigate('/bookings', { replace: true });
    },
    onError: (error) => {
      setDialog(null);
      onError(error);
    },
  });
  const rebook = useMutation({
    mutationFn: () => rebookBooking(booking.id),
    onSuccess: (draft) => {
      refresh();
      void navigate(`/add-event?draft=${encodeURIComponent(draft.id)}`);
    },
    onError,
  });
  const pending = change.isPending || remove.isPending || rebook.isPending;

  if (controls.length === 0) return null;

  const render = (control: BookingActionControl) => {
    const className = isPrimaryControl(control) ? primaryButtonClassName : secondaryButtonClassName;
    switch (control.kind) {
      case 'post':
        return (
          <button key={control.action} type="button" className={className} disabled={pending} onClick={() => change.mutate(control)}>
            {t(`actions.${control.action}`)}
          </button>
        );
      case 'link':
        return (
          <Link key={control.action} to={control.to} className={className}>
            {t(`actions.${control.action}`)}
          </Link>
        );
      case 'rebook':
        return (
          <button key="rebook" type="button" className={className} disabled={pending} onClick={() => rebook.mutate()}>
            {t('actions.rebook')}
          </button>
        );
      case 'dialog':
        return (
          <button
            key={control.action}
            type="button"
            className={className}
            disabled={pending}
            onClick={() => setDialog(control.action)}
          >
            {t(`actions.${control.action}`)}
          </button>
        );
    }
  };

  return (
    <SectionCard size="compact" title={t('page.actions')}>
      <div className="flex flex-wrap gap-3">{controls.map(render)}</div>
      <DeclineDialog open={dialog === 'decline'} onClose={() => setDialog(null)} pending={pending} onDecline={(reason) => change.mutate({ kind: 'decline', reason })} />
      <ConfirmCompletionDialog
        booking={booking}
        open={dialog === 'confirm-complete'}
        onClose={() => setDialog(null)}
        onConfirmed={changed}
        onError={(error) => {
          setDialog(null);
          onError(error);
        }}
      />
      <CancelDialog
        booking={booking}
        viewerIsOrganiser={booking.client.id === user.id}
        open={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        pending={pending}
        onCancel={() => change.mutate({ kind: 'post', action: 'cancel' })}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        pending={pending}
        title={t('deleteDialog.title')}
        text={t('deleteDialog.text')}
        confirmLabel={t('deleteDialog.confirm')}
        onConfirm={() => remove.mutate()}
      />
    </SectionCard>
  );
}

/** The event's public share page, for the parties to pass on (confirmed events only: the page is public then). */
function SharePageLink({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('share');
  return (
    <Link to={`/share/${bookingId}`} className="mt-2 inline-block text-sm font-medium text-brand-800 hover:underline">
      {t('bookingLink')}
    </Link>
  );
}

function BookingView({ booking, user }: { booking: Booking; user: Me }) {
  const { t } = useTranslation('bookings');
  const title = booking.title || t('list.untitled');
  usePageTitle(title);
  const openPayments = useOpenPayments(booking);
  const attendees = useAttendees(booking, user);
  const moneyLoading = useBookingMoneyLoading(booking, user);
  const sectionsLoading = openPayments.isLoading || attendees.list.isLoading || moneyLoading;
  return (
    <div className="space-y-6">
      <div>
        <Link to="/bookings" className="text-sm font-medium text-brand-800 hover:underline">
          <span aria-hidden="true">&larr; </span>
          {t('page.back')}
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          <BookingStatusBadge label={booking.label} />
        </div>
        {booking.status === 'CONFIRMED' ? <SharePageLink bookingId={booking.id} /> : null}
      </div>
      <Status booking={booking} />
      {/* Right below the status, above the sections that load their own data: those arriving later do not move the
          buttons under the pointer. */}
      <Actions booking={booking} user={user} />
      {/* The sections that load their own data come next, then the rest: until those are known, placeholders hold
          their place, so that nothing below them drops when they arrive
          (docs/decisions/0201-pages-keep-their-place-while-loading.md). */}
      {sectionsLoading ? (
        <DirectorySkeleton count={2} label={t('page.sectionsLoading')} testId="booking-section-skeleton" gridClassName="" itemClassName="h-48 rounded-xl border border-slate-200 bg-white p-5">
          <SkeletonLine className="h-5 w-40" />
        </DirectorySkeleton>
      ) : (
        <>
          <BookingOpenPayments booking={booking} user={user} />
          <BookingMoney booking={booking} user={user} />
          <BookingAttendees booking={booking} user={user} />
          <EventDetails booking={booking} />
          <Parties booking={booking} />
          <GuestPreferences booking={booking} />
          <Timeline bookingId={booking.id} />
        </>
      )}
    </div>
  );
}

function BookingScreen({ bookingId, user }: { bookingId: string; user: Me }) {
  const { t } = useTranslation('bookings');
  // A change by the other party arrives on the viewer's live stream.
  useLiveBookingQueries([bookingQuery(bookingId).queryKey, bookingEventsQuery(bookingId).queryKey]);
  const booking = useQuery(bookingQuery(bookingId));
  if (booking.error instanceof ApiRequestError && (booking.error.statusCode === 404 || booking.error.statusCode === 400)) {
    // Unknown, or not a party to it: the 404 page either way (the API does not say which), at the address asked for.
    return <NotFoundPage />;
  }
  return (
    <SignedInLayout>
      {booking.data ? (
        <BookingView booking={booking.data} user={user} />
      ) : booking.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('page.loadError')}
        </p>
      ) : (
        <PageLoading />
      )}
    </SignedInLayout>
  );
}

/** `/bookings/{id}`: everything about one booking for one of its parties, and what the viewer may do now. */
export function BookingPage() {
  const session = useSession();
  const { id } = useParams();
  return session.status === 'signed-in' && id ? <BookingScreen key={id} bookingId={id} user={session.user} /> : null;
}
