import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { validateAgainstHostingPreferences, type Booking, type BookingOptions } from '@goodtable/shared';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { formatLongDateTime } from '../../lib/date-format.ts';
import { hasErrorStatus } from '../../lib/api-error.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { proposeBookingTime, useBookingOptions } from './booking-forms-api.ts';
import { bookingKeys, bookingQuery } from './bookings-api.ts';
import { BookingDateTimeField } from './booking-date-time-field.tsx';
import { instantFromWallClock, viewerTimeZone, wallClockInZone, type WallClock } from './booking-date-time.ts';
import { BookingFormSkeleton } from './booking-form-screen.tsx';

type TimeAction = 'change-time' | 'suggest-time';

/**
 * Problems of a new event time typed on the restaurant's clock: a date and time that read, then the restaurant's
 * hosting rules for that moment (the API checks them again).
 */
export function bookingTimeProblem(value: WallClock, { options, now }: { options: BookingOptions; now: Date }): string | null {
  const timeZone = options.restaurant.timezone;
  if (!timeZone) return 'validation.invalidDate';
  const instant = instantFromWallClock(value, timeZone);
  if (instant.kind === 'empty') return 'validation.required';
  if (instant.kind === 'invalid') return 'validation.invalidDate';
  const problems = validateAgainstHostingPreferences({
    booking: { date: instant.iso, guests: null, ticket_price: null },
    preferences: options.hosting,
    menu: null,
    now,
    timeZone,
  });
  return problems.find((problem) => problem.field === 'date')?.message ?? null;
}

/** Validates the typed time when the form is sent; the options are read then (they load after the form is made). */
function timeFormSchema(getOptions: () => BookingOptions | null) {
  return z.custom<WallClock>().transform((value, ctx) => {
    const options = getOptions();
    const problem = options ? bookingTimeProblem(value, { options, now: new Date() }) : 'validation.invalidDate';
    if (problem) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: problem });
      return z.NEVER;
    }
    return { date: (instantFromWallClock(value, options!.restaurant.timezone!) as { iso: string }).iso };
  });
}

/**
 * A new time for a booking: the client asking for another one (`change-time`) or the restaurant suggesting one
 * (`suggest-time`). Typed on the restaurant's clock, checked against its hosting rules, sent with the booking's
 * `updated_at`; then the booking page opens.
 */
export function BookingTimeForm({ booking, action }: { booking: Booking; action: TimeAction }) {
  const { t } = useTranslation('booking-forms');
  const options = useBookingOptions(booking.restaurant?.id ?? null);
  if (!options.data) {
    return options.isError ? (
      <p role="alert" className="text-sm text-red-700">
        {t('form.optionsError')}
      </p>
    ) : (
      <BookingFormSkeleton fields={2} />
    );
  }
  return <TimeForm booking={booking} action={action} options={options.data} />;
}

function TimeForm({ booking, action, options }: { booking: Booking; action: TimeAction; options: BookingOptions }) {
  const { t, i18n } = useTranslation(['booking-forms', 'restaurants']);
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const schema = useMemo(() => timeFormSchema(() => optionsRef.current), []);
  const timeZone = options.restaurant.timezone!;
  // The client starts from the restaurant's suggestion when there is one; otherwise from a blank time.
  const start = action === 'change-time' && booking.suggestion ? wallClockInZone(booking.suggestion.date, timeZone) : { date: '', time: '' };
  const form = useZodForm({ schema, defaultValues: start });
  const { values, setValue, errorOf } = form;
  const live = bookingTimeProblem(values, { options, now: new Date() });
  const liveShown = values.date && values.time && live !== 'validation.required' ? live : null;

  const mutation = useFormMutation({
    form,
    mutationFn: async ({ date }: { date: string }) => {
      try {
        return await proposeBookingTime({ booking, action, date });
      } catch (error) {
        // Stale or no longer allowed (409): reload the booking, so the screen shows what it is now.
        if (hasErrorStatus(error, [409])) void queryClient.invalidateQueries({ queryKey: bookingQuery(booking.id).queryKey });
        throw error;
      }
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(bookingQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      showToast({ kind: 'success', message: t(action === 'change-time' ? 'changeTime.done' : 'suggestTime.done') });
      navigate(`/bookings/${saved.id}`);
    },
    errorMessage: t(action === 'change-time' ? 'changeTime.error' : 'suggestTime.error'),
  });

  const locale = currentLocale(i18n);
  const viewerZone = viewerTimeZone(session.user?.timezone);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      {booking.date ? (
        <p className="mb-6 text-sm text-slate-700" data-testid="current-time">
          {t('time.current', { time: formatLongDateTime({ instant: booking.date, timeZone, locale }), zone: timeZone })}
        </p>
      ) : null}
      <form noValidate className="space-y-6" onSubmit={form.form.handleSubmit((input) => mutation.mutate(input))}>
        <BookingDateTimeField
          legend={t('time.newTime')}
          value={values}
          onChange={(next) => {
            if (next.date !== values.date) setValue('date', next.date);
            if (next.time !== values.time) setValue('time', next.time);
          }}
          timeZone={timeZone}
          viewerZone={viewerZone}
          error={errorOf('date') ?? (liveShown ? t(liveShown, { ns: 'common' }) : undefined)}
        />
        <p className="text-xs text-slate-500">
          {t('form.hostingRules', {
            days: options.hosting.weekdays.map((day) => t(`weekdays.${day}`, { ns: 'restaurants' })).join(', '),
            start: options.hosting.service_start,
            end: options.hosting.service_end,
            count: options.hosting.notice_days,
          })}
        </p>
        <div className="flex justify-end">
          <SubmitButton pending={mutation.isPending}>{t(action === 'change-time' ? 'changeTime.submit' : 'suggestTime.submit')}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
