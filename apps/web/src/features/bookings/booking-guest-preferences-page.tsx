import { useId, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BOOKING_ACCESSIBILITY_MAX, BOOKING_GUEST_NOTES_MAX, BOOKING_SEATING_OPTIONS, DIETARY_NEEDS, type Booking, type ClientPreferences } from '@goodtable/shared';
import { BookingSelectField } from './booking-select-field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { FieldError, TextField } from '../../components/form/text-field.tsx';
import { inputClassName } from '../../components/form/input-styles.ts';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { hasErrorStatus } from '../../lib/api-error.ts';
import { useSession } from '../../lib/session.ts';
import { clientPreferencesQuery } from '../restaurants/restaurants-api.ts';
import { saveGuestPreferences } from './booking-forms-api.ts';
import { bookingQuery } from './bookings-api.ts';
import { BookingActionScreen, BookingFormSkeleton } from './booking-form-screen.tsx';
import { dietaryCountField, guestPreferencesFormSchema, guestPreferencesFormValues, type GuestPreferencesPayload } from './guest-preferences-form-values.ts';

/** /bookings/{id}/guest-preferences: dietary needs with counts, seating, accessibility, arrival time and notes. */
export function BookingGuestPreferencesPage() {
  const { t } = useTranslation('booking-forms');
  return (
    <BookingActionScreen action="guest-preferences" pageName={t('guestPreferences.pageTitle')} heading={t('guestPreferences.heading')} lead={(booking) => t('guestPreferences.lead', { title: booking.title ?? '' })}>
      {(booking) => <GuestPreferencesLoader booking={booking} />}
    </BookingActionScreen>
  );
}

/** A booking without preferences starts from the client's defaults (a client's own booking only). */
function GuestPreferencesLoader({ booking }: { booking: Booking }) {
  const session = useSession();
  const wantsDefaults = !booking.guest_preferences && session.role === 'user' && session.user?.id === booking.client.id;
  const defaults = useQuery({ ...clientPreferencesQuery(), enabled: wantsDefaults, retry: false });
  if (wantsDefaults && defaults.isPending) return <BookingFormSkeleton />;
  return <GuestPreferencesForm key={booking.updated_at} booking={booking} defaults={defaults.data ?? null} />;
}

function GuestPreferencesForm({ booking, defaults }: { booking: Booking; defaults: ClientPreferences | null }) {
  const { t } = useTranslation(['booking-forms', 'restaurants']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const ids = useId();
  const schema = useMemo(() => guestPreferencesFormSchema(booking.guests), [booking.guests]);
  const form = useZodForm({ schema, defaultValues: guestPreferencesFormValues(booking.guest_preferences, defaults) });
  const { values, setValue, errorOf } = form;
  const prefilledFromDefaults = !booking.guest_preferences && Boolean(defaults && (defaults.dietary_needs.length > 0 || defaults.dietary_notes));

  const mutation = useFormMutation({
    form,
    mutationFn: async (input: GuestPreferencesPayload) => {
      try {
        return await saveGuestPreferences(booking.id, { ...input, updated_at: booking.updated_at });
      } catch (error) {
        if (hasErrorStatus(error, [409])) void queryClient.invalidateQueries({ queryKey: bookingQuery(booking.id).queryKey });
        throw error;
      }
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(bookingQuery(saved.id).queryKey, saved);
      showToast({ kind: 'success', message: t('guestPreferences.saved') });
      navigate(`/bookings/${saved.id}`);
    },
    errorMessage: t('guestPreferences.saveError'),
  });

  const total = DIETARY_NEEDS.reduce((sum, need) => sum + (Number(values[dietaryCountField(need)]) || 0), 0);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <form noValidate className="space-y-6" onSubmit={form.form.handleSubmit((input) => mutation.mutate(input))}>
        <fieldset aria-describedby={`${ids}-dietary-hint ${ids}-dietary-error`}>
          <legend className="text-sm font-medium text-slate-700">{t('guestPreferences.dietary')}</legend>
          <p id={`${ids}-dietary-hint`} className="mt-1 text-xs text-slate-500">
            {booking.guests ? t('guestPreferences.dietaryHint', { total, guests: booking.guests }) : t('guestPreferences.dietaryHintNoGuests')}
            {prefilledFromDefaults ? ` ${t('guestPreferences.fromDefaults')}` : ''}
          </p>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {DIETARY_NEEDS.map((need) => (
              <TextField
                key={need}
                label={t('guestPreferences.count', { need: t(`dietary.${need}`, { ns: 'restaurants' }) })}
                inputMode="numeric"
                value={values[dietaryCountField(need)]}
                onChange={(value) => {
                  setValue(dietaryCountField(need), value);
                  form.form.clearErrors('dietary');
                }}
                error={errorOf(dietaryCountField(need))}
              />
            ))}
          </div>
          <FieldError id={`${ids}-dietary-error`} message={errorOf('dietary')} />
        </fieldset>

        <BookingSelectField
          label={t('guestPreferences.seating')}
          value={values.seating}
          options={BOOKING_SEATING_OPTIONS.map((option) => ({ value: option, label: t(`guestPreferences.seatingOptions.${option}`) }))}
          onChange={(value) => setValue('seating', value as typeof values.seating)}
          error={errorOf('seating')}
        />

        <TextField
          label={t('guestPreferences.arrivalTime')}
          type="time"
          value={values.arrival_time}
          onChange={(value) => setValue('arrival_time', value)}
          error={errorOf('arrival_time')}
          hint={booking.restaurant?.timezone ? t('guestPreferences.arrivalTimeHint', { zone: booking.restaurant.timezone }) : undefined}
        />

        {(['accessibility', 'notes'] as const).map((field) => (
          <div key={field}>
            <label htmlFor={`${ids}-${field}`} className="block text-sm font-medium text-slate-700">
              {t(`guestPreferences.${field}`)}
            </label>
            <textarea
              id={`${ids}-${field}`}
              rows={3}
              maxLength={field === 'accessibility' ? BOOKING_ACCESSIBILITY_MAX : BOOKING_GUEST_NOTES_MAX}
              value={values[field]}
              onChange={(event) => setValue(field, event.target.value)}
              aria-invalid={errorOf(field) ? true : undefined}
              aria-describedby={`${ids}-${field}-error`}
              className={`mt-1 ${inputClassName} ${errorOf(field) ? 'border-red-400' : 'border-slate-300'}`}
            />
            <FieldError id={`${ids}-${field}-error`} message={errorOf(field)} />
          </div>
        ))}

        <div className="flex justify-end">
          <SubmitButton pending={mutation.isPending}>{t('guestPreferences.save')}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
