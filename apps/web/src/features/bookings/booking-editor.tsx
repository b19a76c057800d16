import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Booking, Me } from '@goodtable/shared';
import { useToast } from '../../components/toast/toast-context.ts';
import { hasErrorStatus } from '../../lib/api-error.ts';
import { submitBooking, updateBooking } from './booking-forms-api.ts';
import { bookingKeys, bookingQuery } from './bookings-api.ts';
import { BookingForm } from './booking-form.tsx';
import { bookingFormValues, type BookingFormValues } from './booking-form-values.ts';

/**
 * The booking form with what happens around it: after a submit (or a saved change) the booking page opens with a
 * toast; when a save meets a newer version of the booking (409), the newest one is loaded into the form.
 */
export function BookingEditor({
  booking: initialBooking,
  newDraft,
  restaurantLocked = false,
  viewer,
  onDraftCreated,
}: {
  /** The stored booking (a DRAFT goes on autosaving; a PENDING request saves with the button); null for a new draft. */
  booking: Booking | null;
  /** A new draft's pre-filled values and the names of what they name. */
  newDraft?: { values: BookingFormValues; labels: { restaurant: string | null; cause: string | null } };
  restaurantLocked?: boolean;
  viewer: Me;
  onDraftCreated?: (draft: Booking) => void;
}) {
  const { t } = useTranslation('booking-forms');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [booking, setBooking] = useState(initialBooking);
  const [version, setVersion] = useState(0);
  const currentId = useRef(initialBooking?.id ?? null);

  /** The booking as it is now, read past the cache (and stored in it); null when it cannot be read. */
  const fetchFresh = useCallback(
    (id: string) => queryClient.fetchQuery({ ...bookingQuery(id), staleTime: 0 }).catch(() => null),
    [queryClient],
  );

  const reload = useCallback(async () => {
    showToast({ kind: 'error', message: t('form.stale') });
    if (!currentId.current) return;
    const fresh = await fetchFresh(currentId.current);
    if (!fresh) return;
    setBooking(fresh);
    setVersion((value) => value + 1);
  }, [fetchFresh, showToast, t]);

  const finish = (result: Booking, message: string) => {
    queryClient.setQueryData(bookingQuery(result.id).queryKey, result);
    void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    showToast({ kind: 'success', message });
    navigate(`/bookings/${result.id}`);
  };

  /** A 409 (stale or no longer allowed) also reloads what the booking is now; the toast says why. */
  const reloadingOnConflict = async (work: () => Promise<Booking>) => {
    try {
      return await work();
    } catch (error) {
      if (hasErrorStatus(error, [409]) && currentId.current) {
        const fresh = await fetchFresh(currentId.current);
        if (fresh) {
          setBooking(fresh);
          setVersion((value) => value + 1);
        }
      }
      throw error;
    }
  };

  const values = booking ? bookingFormValues({ booking, currency: booking.currency, timeZone: booking.restaurant?.timezone ?? null }) : newDraft!.values;
  const labels = booking ? { restaurant: booking.restaurant?.name ?? null, cause: booking.cause?.name ?? null } : newDraft!.labels;
  const isRequest = booking !== null && booking.status !== 'DRAFT';

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <BookingForm
        key={`${booking?.id ?? 'new'}-${version}`}
        initialValues={values}
        initialLabels={labels}
        restaurantLocked={restaurantLocked}
        viewer={viewer}
        onStale={() => void reload()}
        mode={
          isRequest
            ? {
                kind: 'request',
                booking,
                onSave: (input, stored) => reloadingOnConflict(() => updateBooking(stored.id, { ...input, updated_at: stored.updated_at })),
                onSaved: (saved) => finish(saved, t('form.savedToast')),
              }
            : {
                kind: 'draft',
                draft: booking,
                onDraftCreated: (draft) => {
                  currentId.current = draft.id;
                  onDraftCreated?.(draft);
                },
                onSubmit: (draft) => reloadingOnConflict(() => submitBooking(draft.id, draft.updated_at)),
                onSubmitted: (submitted) => finish(submitted, submitted.status === 'CONFIRMED' ? t('form.confirmedToast') : t('form.submittedToast')),
              }
        }
      />
    </section>
  );
}
