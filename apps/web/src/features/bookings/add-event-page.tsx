import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatLongDateTime } from '../../lib/date-format.ts';
import type { Booking, Me } from '@goodtable/shared';
import { NotFoundPage } from '../../components/errors/not-found-page.tsx';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { hasErrorStatus } from '../../lib/api-error.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useSpeaker } from '../../lib/speaker.ts';
import { causeQuery } from '../causes/causes-api.ts';
import { latestDraftQuery, useBooking } from './booking-forms-api.ts';
import { BookingEditor } from './booking-editor.tsx';
import { BackToBookingLink, BookingFormPage, BookingFormSkeleton } from './booking-form-screen.tsx';
import { EMPTY_BOOKING_FORM } from './booking-form-values.ts';
import { viewerTimeZone } from './booking-date-time.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidParam = (value: string | null) => (value && UUID.test(value) ? value : null);

/**
 * /add-event: a client books a fundraising dinner (a manager: an event at a restaurant it runs). `?draft=<id>` opens
 * a draft; `?restaurant=<id>` (a restaurant's "Book an event") and `?cause=<id>` (a cause's "Host a dinner") pre-fill.
 * With a draft on file and no draft named, the client chooses "Resume Draft" or a new event.
 */
export function AddEventPage() {
  const { t } = useTranslation('booking-forms');
  usePageTitle(t('addEvent.pageTitle'));
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const draftId = params.get('draft');
  const restaurantId = uuidParam(params.get('restaurant'));
  const causeId = uuidParam(params.get('cause'));
  const viewer = session.user;
  const isManager = viewer?.role === 'manager';

  // The draft this screen created itself: its address changes to ?draft=<id>, the form stays as it is.
  const createdHere = useRef<string | null>(null);
  const openDraftId = draftId && draftId !== createdHere.current ? draftId : '';
  const draft = useBooking(openDraftId);

  const [startNew, setStartNew] = useState(false);
  const offerResume = !draftId && !startNew && Boolean(viewer);
  const latestDraft = useQuery({ ...latestDraftQuery(viewer?.id ?? ''), enabled: offerResume, retry: false });
  const showErrorToast = useErrorToast();
  useEffect(() => {
    // docs/product.md, Errors: the draft check's failure toast; the client goes on with a new event.
    if (latestDraft.isError) showErrorToast(latestDraft.error, t('addEvent.draftCheckError'));
  }, [latestDraft.isError, latestDraft.error, showErrorToast, t]);

  const prefilledCause = useQuery({ ...causeQuery(causeId ?? ''), enabled: Boolean(causeId), retry: false });
  const { selected: actingRestaurant, query: managedQuery } = useSpeaker(viewer);

  const lead = isManager ? t('addEvent.leadManager') : t('addEvent.lead');
  if (!viewer) return <BookingFormPage heading={t('addEvent.heading')}><BookingFormSkeleton /></BookingFormPage>;

  if (openDraftId) {
    if (draft.isError && hasErrorStatus(draft.error, [400, 404])) return <NotFoundPage />;
    return (
      <BookingFormPage heading={t('addEvent.heading')} lead={lead}>
        {!draft.data ? (
          draft.isError ? <p role="alert" className="text-sm text-red-700">{t('loadError')}</p> : <BookingFormSkeleton />
        ) : draft.data.status !== 'DRAFT' ? (
          <AlreadySent booking={draft.data} />
        ) : (
          <BookingEditor key={draft.data.id} booking={draft.data} viewer={viewer} />
        )}
      </BookingFormPage>
    );
  }

  // The restaurant side also sees drafts made at its restaurants: only the viewer's own draft is offered.
  const ownDraft = latestDraft.data && latestDraft.data.client.id === viewer.id ? latestDraft.data : null;
  const waitingForChoice = offerResume && (latestDraft.isPending || Boolean(ownDraft));
  const waitingForPrefill = (causeId && prefilledCause.isPending) || (isManager && !restaurantId && managedQuery.isPending);
  return (
    <BookingFormPage heading={t('addEvent.heading')} lead={lead}>
      {waitingForChoice && ownDraft ? (
        <ResumeDraftOffer
          draft={ownDraft}
          viewer={viewer}
          onResume={() => navigate(`/add-event?draft=${ownDraft.id}`)}
          onStartNew={() => setStartNew(true)}
        />
      ) : waitingForChoice || waitingForPrefill ? (
        <BookingFormSkeleton />
      ) : (
        <BookingEditor
          key="new"
          booking={null}
          viewer={viewer}
          restaurantLocked={Boolean(restaurantId)}
          newDraft={{
            values: {
              ...EMPTY_BOOKING_FORM,
              restaurant_id: restaurantId ?? (isManager ? (actingRestaurant?.id ?? '') : ''),
              cause_id: prefilledCause.data ? prefilledCause.data.id : '',
            },
            labels: { restaurant: isManager ? (actingRestaurant?.name ?? null) : null, cause: prefilledCause.data?.name ?? null },
          }}
          onDraftCreated={(created) => {
            createdHere.current = created.id;
            // Reloading or coming back to this address resumes the same draft.
            const next = new URLSearchParams(params);
            next.set('draft', created.id);
            navigate(`/add-event?${next.toString()}`, { replace: true });
          }}
        />
      )}
    </BookingFormPage>
  );
}

/** "Resume Draft" (docs/product.md, Booking lifecycle): the client's latest draft, or a new event. */
function ResumeDraftOffer({ draft, viewer, onResume, onStartNew }: { draft: Booking; viewer: Me; onResume: () => void; onStartNew: () => void }) {
  const { t, i18n } = useTranslation('booking-forms');
  const locale = currentLocale(i18n);
  const zone = draft.restaurant?.timezone ?? viewerTimeZone(viewer.timezone);
  return (
    <SectionCard
      headingId="resume-draft-heading"
      title={t('addEvent.resumeHeading')}
      description={
        <>
          {t('addEvent.resumeText', {
            title: draft.title ?? t('addEvent.untitled'),
            restaurant: draft.restaurant?.name ?? t('addEvent.noRestaurant'),
            saved: formatLongDateTime({ instant: draft.updated_at, timeZone: viewerTimeZone(viewer.timezone), locale }),
          })}
          {draft.date ? ` ${t('addEvent.resumeDate', { date: formatLongDateTime({ instant: draft.date, timeZone: zone, locale }) })}` : ''}
        </>
      }
    >
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={onResume} className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800">
          {t('addEvent.resume')}
        </button>
        <button type="button" onClick={onStartNew} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          {t('addEvent.startNew')}
        </button>
      </div>
    </SectionCard>
  );
}

/** A `?draft=` that is no longer a draft (sent meanwhile): nothing to edit here. */
function AlreadySent({ booking }: { booking: Booking }) {
  const { t } = useTranslation('booking-forms');
  return (
    <section role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-sm text-amber-900">
      <p>{t('addEvent.alreadySent')}</p>
      <p className="mt-4">
        <BackToBookingLink bookingId={booking.id} />
      </p>
      <p className="mt-2">
        <Link to="/add-event" className="font-semibold text-brand-700 hover:text-brand-800">
          {t('addEvent.startAnother')}
        </Link>
      </p>
    </section>
  );
}
