import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Booking, BookingViewerAction } from '@goodtable/shared';
import { NotFoundPage } from '../../components/errors/not-found-page.tsx';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { hasErrorStatus } from '../../lib/api-error.ts';
import { useBooking } from './booking-forms-api.ts';

/** The pulsing outline of a form while its booking loads. */
export function BookingFormSkeleton({ fields = 5 }: { fields?: number }) {
  const { t } = useTranslation('booking-forms');
  return (
    <div role="status" aria-busy="true" aria-label={t('loading')} className="space-y-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" data-testid="booking-form-skeleton">
      {Array.from({ length: fields }, (_, index) => (
        <div key={index} className="animate-pulse space-y-2">
          <div className="h-3 w-32 rounded bg-slate-200" />
          <div className="h-9 w-full rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

/** The page frame of the booking form screens: the dashboard layout, a heading and a lead text. */
export function BookingFormPage({ heading, lead, children }: { heading: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <SignedInLayout>
      <div className="mx-auto max-w-3xl">
        <div className="mb-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{heading}</h1>
          {lead ? <div className="mt-1 text-sm text-slate-600">{lead}</div> : null}
        </div>
        {children}
      </div>
    </SignedInLayout>
  );
}

/** The way back to the booking's own page. */
export function BackToBookingLink({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('booking-forms');
  return (
    <Link to={`/bookings/${bookingId}`} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
      <span aria-hidden="true">&larr;</span> {t('backToBooking')}
    </Link>
  );
}

/**
 * A screen that acts on one booking (/bookings/{id}/edit, /change-time, /suggest-a-time, /guest-preferences): loads
 * it, shows the 404 page for an unknown booking or one the viewer is not a party to, and a message with a link back
 * when `action` is not one the viewer may take now; otherwise `children(booking)`.
 */
export function BookingActionScreen({
  action,
  pageName,
  heading,
  lead,
  children,
}: {
  action: BookingViewerAction;
  pageName: string;
  heading: string;
  lead?: (booking: Booking) => ReactNode;
  children: (booking: Booking) => ReactNode;
}) {
  const { t } = useTranslation('booking-forms');
  const { id = '' } = useParams();
  const query = useBooking(id);
  usePageTitle(pageName);

  // 400: the address does not hold a booking id at all; 404: unknown, or the viewer is not a party.
  if (query.isError && hasErrorStatus(query.error, [400, 404])) return <NotFoundPage />;
  const booking = query.data;
  return (
    <BookingFormPage heading={heading} lead={booking && lead ? lead(booking) : undefined}>
      {!booking ? (
        query.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('loadError')}
          </p>
        ) : (
          <BookingFormSkeleton />
        )
      ) : booking.allowed_actions.includes(action) ? (
        <>
          <div className="mb-4">
            <BackToBookingLink bookingId={booking.id} />
          </div>
          {children(booking)}
        </>
      ) : (
        <section role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-sm text-amber-900" data-testid="action-not-allowed">
          <p className="font-semibold">{t('notAllowed.heading')}</p>
          <p className="mt-1">{t(`notAllowed.${action}`, { defaultValue: t('notAllowed.default') })}</p>
          <p className="mt-4">
            <BackToBookingLink bookingId={booking.id} />
          </p>
        </section>
      )}
    </BookingFormPage>
  );
}
