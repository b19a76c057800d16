import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Booking, type BookingOptions, type BookingSubmitValues, type Me } from '@goodtable/shared';
import { BookingSelectField } from './booking-select-field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { FieldError, TextField } from '../../components/form/text-field.tsx';
import { inputClassName } from '../../components/form/input-styles.ts';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useBookingOptions } from './booking-forms-api.ts';
import { BookingDateTimeField } from './booking-date-time-field.tsx';
import { viewerTimeZone } from './booking-date-time.ts';
import { CauseSearchPicker, ManagedRestaurantPicker, RestaurantSearchPicker } from './booking-form-pickers.tsx';
import {
  bookingSubmitFormSchema,
  causeShareOfTicket,
  hostingProblems,
  readBookingForm,
  type BookingFormContext,
  type BookingFormValues,
  type BookingPayloadField,
} from './booking-form-values.ts';
import { useDraftAutosave, type SaveState } from './use-draft-autosave.ts';

export type BookingFormMode =
  /** A draft: saved as the client goes; the button sends the request (a manager's host event: confirms it). */
  | { kind: 'draft'; draft: Booking | null; onDraftCreated?: (draft: Booking) => void; onSubmit: (draft: Booking) => Promise<Booking>; onSubmitted: (booking: Booking) => void }
  /** A request already sent (PENDING): changes are saved with the button. */
  | { kind: 'request'; booking: Booking; onSave: (input: BookingSubmitValues, booking: Booking) => Promise<Booking>; onSaved: (booking: Booking) => void };

/**
 * The booking form shared by /add-event and /bookings/{id}/edit: restaurant, menu, date and time on the restaurant's
 * clock, guests, cause, title, story, ticket price and goal, checked against the restaurant's hosting rules as the
 * client types (the server checks again on submit).
 */
export function BookingForm({
  mode,
  initialValues,
  initialLabels,
  restaurantLocked,
  viewer,
  onStale,
}: {
  mode: BookingFormMode;
  initialValues: BookingFormValues;
  /** Names of the pre-filled restaurant and cause, for the pickers. */
  initialLabels: { restaurant: string | null; cause: string | null };
  /** Reached from a restaurant's "Book an event": that restaurant, not another. */
  restaurantLocked: boolean;
  viewer: Me;
  /** A save met a newer version (409): the screen reloads the booking. */
  onStale: () => void;
}) {
  const { t, i18n } = useTranslation(['booking-forms', 'restaurants']);
  const locale = currentLocale(i18n);
  const storyId = useId();
  const [labels, setLabels] = useState(initialLabels);
  const contextRef = useRef<BookingFormContext>({ options: null, now: new Date() });
  const schema = useMemo(() => bookingSubmitFormSchema(() => contextRef.current), []);
  const form = useZodForm({ schema, defaultValues: initialValues });
  const { values, setValue, errorOf } = form;

  const optionsQuery = useBookingOptions(values.restaurant_id || null);
  const options: BookingOptions | null = optionsQuery.data ?? null;
  const context: BookingFormContext = { options, now: new Date() };
  contextRef.current = context;

  const read = readBookingForm(values, context);
  const liveProblems = useMemo(() => new Map(hostingProblems(read.payload, context).map((problem) => [problem.field, problem.message])), [JSON.stringify(read.payload), options]); // eslint-disable-line react-hooks/exhaustive-deps
  const translate = (key: string | undefined) => (key ? t(key, { ns: 'common', defaultValue: t('validation.invalid', { ns: 'common' }) }) : undefined);
  /** The submit's error for a field, else what the typed value already breaks (a complete value only). */
  const fieldError = (field: BookingPayloadField) => {
    const live = field === 'date' ? liveProblems.get('date') : (read.errors[field] ?? liveProblems.get(field as 'guests' | 'ticket_price' | 'menu_id'));
    return errorOf(field) ?? (field === 'date' ? errorOf('time') : undefined) ?? translate(live);
  };

  const autosave = useDraftAutosave({
    enabled: mode.kind === 'draft',
    draft: mode.kind === 'draft' ? mode.draft : null,
    form,
    context,
    onCreated: mode.kind === 'draft' ? mode.onDraftCreated : undefined,
    onStale,
  });

  const isManager = viewer.role === 'manager';
  const currency = options?.restaurant.currency ?? null;
  const timeZone = options?.restaurant.timezone ?? null;
  const menu = options?.menus.find((entry) => entry.id === values.menu_id) ?? null;
  const money = (amount: number) => (currency ? formatMoney(amount, { currency, locale }) : String(amount));
  const causeShare = causeShareOfTicket(read.payload.ticket_price, menu?.price ?? null);
  const guestRange = options
    ? {
        min: Math.max(options.hosting.min_guests, menu?.min_guests ?? 0),
        max: Math.min(options.hosting.max_guests, menu?.max_guests ?? Number.POSITIVE_INFINITY),
      }
    : null;

  const submit = useFormMutation({
    form,
    mutationFn: async (input: BookingSubmitValues) => {
      if (mode.kind === 'request') return mode.onSave(input, mode.booking);
      const draft = await autosave.flush();
      if (!draft) throw new Error('The draft could not be saved.');
      return mode.onSubmit(draft);
    },
    onSuccess: (booking) => (mode.kind === 'request' ? mode.onSaved(booking) : mode.onSubmitted(booking)),
    errorMessage: mode.kind === 'request' ? t('form.saveError') : t('form.submitError'),
  });

  const chooseRestaurant = (id: string, label: string) => {
    setLabels((current) => ({ ...current, restaurant: label }));
    setValue('restaurant_id', id);
    // Menus belong to one restaurant: another restaurant's menu cannot stay chosen.
    if (id !== values.restaurant_id) setValue('menu_id', '');
  };
  const waitingForRestaurant = !options;

  return (
    <form noValidate className="space-y-6" onSubmit={form.form.handleSubmit((input) => submit.mutate(input))}>
      {isManager ? (
        <p className="rounded-md bg-brand-50 p-4 text-sm text-brand-900" data-testid="host-event-note">
          {t('form.hostEventNote')}
        </p>
      ) : null}

      <section aria-labelledby={`${storyId}-where`} className="space-y-5">
        <h2 id={`${storyId}-where`} className="text-lg font-semibold text-slate-900">
          {t('form.whereAndWhen')}
        </h2>
        {restaurantLocked ? (
          <div>
            <p className="block text-sm font-medium text-slate-700">{t('form.restaurant')}</p>
            <p className="mt-1 text-sm text-slate-900" data-testid="locked-restaurant">
              {options?.restaurant.name ?? labels.restaurant ?? '…'}
            </p>
            <FieldError id={`${storyId}-restaurant-error`} message={fieldError('restaurant_id')} />
          </div>
        ) : isManager ? (
          <ManagedRestaurantPicker
            viewer={viewer}
            label={t('form.restaurant')}
            value={values.restaurant_id}
            selectedLabel={options?.restaurant.name ?? labels.restaurant}
            onChange={chooseRestaurant}
            error={fieldError('restaurant_id')}
          />
        ) : (
          <RestaurantSearchPicker
            label={t('form.restaurant')}
            value={values.restaurant_id}
            selectedLabel={options?.restaurant.name ?? labels.restaurant}
            onChange={chooseRestaurant}
            error={fieldError('restaurant_id')}
          />
        )}
        {optionsQuery.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('form.optionsError')}
          </p>
        ) : null}

        <div>
          <BookingSelectField
            label={t('form.menu')}
            value={values.menu_id}
            options={[
              { value: '', label: waitingForRestaurant ? t('form.chooseRestaurantFirst') : t('form.chooseMenu') },
              ...(options?.menus ?? []).map((entry) => ({
                value: entry.id,
                label: t('form.menuOption', { name: entry.name, price: money(entry.price), min: entry.min_guests, max: entry.max_guests }),
              })),
            ]}
            onChange={(value) => setValue('menu_id', value)}
            error={fieldError('menu_id')}
            disabled={waitingForRestaurant}
          />
          {menu?.description ? <p className="mt-1 text-xs text-slate-500">{menu.description}</p> : null}
        </div>

        <BookingDateTimeField
          legend={t('form.dateTime')}
          value={{ date: values.date, time: values.time }}
          onChange={(next) => {
            if (next.date !== values.date) setValue('date', next.date);
            if (next.time !== values.time) setValue('time', next.time);
          }}
          timeZone={timeZone}
          viewerZone={viewerTimeZone(viewer.timezone)}
          error={fieldError('date')}
        />
        {options ? (
          <p className="text-xs text-slate-500" data-testid="hosting-rules">
            {t('form.hostingRules', {
              days: options.hosting.weekdays.map((day) => t(`weekdays.${day}`, { ns: 'restaurants' })).join(', '),
              start: options.hosting.service_start,
              end: options.hosting.service_end,
              count: options.hosting.notice_days,
            })}
          </p>
        ) : null}

        <TextField
          label={t('form.guests')}
          inputMode="numeric"
          value={values.guests}
          onChange={(value) => setValue('guests', value)}
          error={fieldError('guests')}
          hint={guestRange ? t('form.guestsHint', { min: guestRange.min, max: guestRange.max }) : undefined}
        />
      </section>

      <section aria-labelledby={`${storyId}-cause`} className="space-y-5">
        <h2 id={`${storyId}-cause`} className="text-lg font-semibold text-slate-900">
          {t('form.causeAndStory')}
        </h2>
        <CauseSearchPicker
          label={t('form.cause')}
          value={values.cause_id}
          selectedLabel={labels.cause}
          onChange={(id, label) => {
            setLabels((current) => ({ ...current, cause: label }));
            setValue('cause_id', id);
          }}
          error={fieldError('cause_id')}
        />
        <TextField label={t('form.title')} value={values.title} onChange={(value) => setValue('title', value)} error={fieldError('title')} maxLength={200} />
        <div>
          <label htmlFor={storyId} className="block text-sm font-medium text-slate-700">
            {t('form.story')}
          </label>
          <textarea
            id={storyId}
            rows={6}
            value={values.story}
            onChange={(event) => setValue('story', event.target.value)}
            aria-invalid={fieldError('story') ? true : undefined}
            aria-describedby={`${storyId}-hint ${storyId}-error`}
            className={`mt-1 ${inputClassName} ${fieldError('story') ? 'border-red-400' : 'border-slate-300'}`}
          />
          <p id={`${storyId}-hint`} className="mt-1 text-xs text-slate-500">
            {t('form.storyHint')}
          </p>
          <FieldError id={`${storyId}-error`} message={fieldError('story')} />
        </div>
      </section>

      <section aria-labelledby={`${storyId}-money`} className="space-y-5">
        <h2 id={`${storyId}-money`} className="text-lg font-semibold text-slate-900">
          {t('form.tickets')}
        </h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <TextField
              label={currency ? t('form.ticketPriceIn', { currency }) : t('form.ticketPrice')}
              inputMode="decimal"
              value={values.ticket_price}
              onChange={(value) => setValue('ticket_price', value)}
              error={fieldError('ticket_price')}
              disabled={!currency}
              hint={menu ? t('form.ticketPriceHint', { price: money(menu.price) }) : t('form.ticketPriceNoMenu')}
            />
            {causeShare !== null ? (
              <p className="mt-1 text-sm text-green-800" data-testid="cause-share">
                {t('form.causeShare', { amount: money(causeShare), menu: money(menu!.price) })}
              </p>
            ) : null}
          </div>
          <TextField
            label={currency ? t('form.goalIn', { currency }) : t('form.goal')}
            inputMode="decimal"
            value={values.goal}
            onChange={(value) => setValue('goal', value)}
            error={fieldError('goal')}
            disabled={!currency}
            hint={t('form.goalHint')}
          />
        </div>
      </section>

      <div className="flex flex-wrap items-center justify-end gap-4 border-t border-slate-100 pt-6">
        {mode.kind === 'draft' ? <SaveStatus state={autosave.state} /> : null}
        <SubmitButton pending={submit.isPending}>
          {mode.kind === 'request' ? t('form.saveChanges') : isManager ? t('form.confirmEvent') : t('form.sendRequest')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** "Saving…" / "Saved" / "Not saved" next to the button, announced politely to screen readers. */
function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation('booking-forms');
  const text = state === 'saving' ? t('autosave.saving') : state === 'saved' ? t('autosave.saved') : state === 'error' ? t('autosave.error') : '';
  return (
    <p role="status" aria-live="polite" className={`text-sm ${state === 'error' ? 'text-red-700' : 'text-slate-500'}`} data-testid="save-status">
      {text}
    </p>
  );
}
