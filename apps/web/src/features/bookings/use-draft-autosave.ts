import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingDraftValues } from '@goodtable/shared';
import type { ZodForm } from '../../components/form/use-zod-form.ts';
import { hasErrorStatus } from '../../lib/api-error.ts';
import { createBooking, updateBooking } from './booking-forms-api.ts';
import { bookingQuery } from './bookings-api.ts';
import { hasMeaningfulInput, isSavableDraft, readBookingForm, type BookingFormContext, type BookingFormValues } from './booking-form-values.ts';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** How long typing must pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;

/** The fields that read cleanly (a half-typed price keeps its stored value until it reads). */
function savableFields(values: BookingFormValues, context: BookingFormContext): Partial<BookingDraftValues> {
  const { payload, errors } = readBookingForm(values, context);
  return Object.fromEntries(Object.entries(payload).filter(([field]) => !(field in errors)));
}

/**
 * Saves a draft as the client goes: the first meaningful input creates it (POST /v1/bookings), later changes PUT
 * what changed with the draft's `updated_at`, after a pause in typing and only once the typed values are valid.
 * Saves run one after another (one request at a time), so each PUT carries the version the previous one returned;
 * values the server refused are not sent again until they change. A pending change is saved when the screen is left.
 */
export function useDraftAutosave<Output>({
  enabled,
  draft,
  form,
  context,
  onCreated,
  onStale,
}: {
  enabled: boolean;
  draft: Booking | null;
  form: ZodForm<BookingFormValues, Output>;
  context: BookingFormContext;
  onCreated?: (draft: Booking) => void;
  onStale: () => void;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>(draft ? 'saved' : 'idle');
  const saved = useRef<Booking | null>(draft);
  const lastSent = useRef<string | null>(draft ? JSON.stringify(savableFields(form.form.getValues(), context)) : null);
  /** The last body the server refused (400): sending it again would only be refused again. */
  const refused = useRef<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // Read through refs, so that the save functions stay the same across renders: a timer or an unmount save never
  // restarts because the form re-rendered.
  const latest = useRef({ form, context, onCreated, onStale });
  latest.current = { form, context, onCreated, onStale };
  const mounted = useRef(true);
  const setStateIfMounted = (next: SaveState) => {
    if (mounted.current) setState(next);
  };

  /** `explicit`: asked for by the user (a submit), so a refused body is tried again and its errors shown. */
  const saveNow = useCallback(
    async ({ explicit }: { explicit: boolean }): Promise<Booking | null> => {
      const { form: currentForm, context: currentContext, onCreated: created, onStale: stale } = latest.current;
      const values = currentForm.form.getValues();
      if (!explicit && !isSavableDraft(values, currentContext)) return saved.current;
      const fields = savableFields(values, currentContext);
      const body = JSON.stringify(fields);
      if (saved.current && body === lastSent.current) return saved.current;
      if (!explicit && body === refused.current) return saved.current;
      if (!saved.current && !hasMeaningfulInput(values)) return null;
      setStateIfMounted('saving');
      try {
        const previous = saved.current;
        const result = previous ? await updateBooking(previous.id, { ...fields, updated_at: previous.updated_at }) : await createBooking(fields);
        saved.current = result;
        lastSent.current = body;
        refused.current = null;
        queryClient.setQueryData(bookingQuery(result.id).queryKey, result);
        setStateIfMounted('saved');
        if (!previous) created?.(result);
        return result;
      } catch (error) {
        if (hasErrorStatus(error, [409])) {
          setStateIfMounted('idle');
          stale();
        } else {
          if (hasErrorStatus(error, [400])) refused.current = body;
          setStateIfMounted('error');
          currentForm.showServerFieldErrors(error);
        }
        throw error;
      }
    },
    [queryClient],
  );

  /** Saves after the saves already under way; resolves with the stored draft (null: nothing worth saving yet). */
  const save = useCallback(
    (explicit: boolean): Promise<Booking | null> => {
      const next = queue.current.catch(() => undefined).then(() => saveNow({ explicit }));
      queue.current = next;
      return next;
    },
    [saveNow],
  );

  const valuesKey = JSON.stringify(form.values);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isDirty = form.form.formState.isDirty;
  useEffect(() => {
    if (!enabled || !isDirty) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      save(false).catch(() => undefined);
    }, AUTOSAVE_DELAY_MS);
    return () => {
      if (pending.current) clearTimeout(pending.current);
      pending.current = null;
    };
  }, [enabled, isDirty, valuesKey, save]);

  // A change no longer shows as saved: "Saved" would claim what is on screen is stored.
  const savedKey = useRef(valuesKey);
  useEffect(() => {
    if (savedKey.current === valuesKey) return;
    savedKey.current = valuesKey;
    setState((current) => (current === 'saving' ? current : 'idle'));
  }, [valuesKey]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Leaving with a change not yet saved: save it on the way out (the valid values only, like any autosave).
  const hasUnsavedChange = useRef(false);
  hasUnsavedChange.current = enabled && isDirty;
  useEffect(
    () => () => {
      if (hasUnsavedChange.current) save(false).catch(() => undefined);
    },
    [save],
  );

  /** Saves whatever is typed now (before a submit) and returns the stored draft. */
  const flush = useCallback(() => {
    if (pending.current) {
      clearTimeout(pending.current);
      pending.current = null;
    }
    return save(true);
  }, [save]);

  return { state, flush };
}
