import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingDraftValues } from '@goodtable/shared';
import type { ZodForm } from '../../components/form/use-zod-form.ts';
import { hasErrorStatus } from '../../lib/api-error.ts';
import { bookingFormKeys, createBooking, updateBooking } from './booking-forms-api.ts';
import { hasMeaningfulInput, readBookingForm, type BookingFormContext, type BookingFormValues } from './booking-form-values.ts';

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
 * what changed with the draft's `updated_at`, after a pause in typing. Saves run one after another, so each PUT
 * carries the version the previous one returned. A pending change is saved when the screen is left.
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
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const contextRef = useRef(context);
  contextRef.current = context;
  const callbacks = useRef({ onCreated, onStale });
  callbacks.current = { onCreated, onStale };
  const mounted = useRef(true);
  const setStateIfMounted = (next: SaveState) => {
    if (mounted.current) setState(next);
  };

  const saveNow = useCallback(async (): Promise<Booking | null> => {
    const values = form.form.getValues();
    const fields = savableFields(values, contextRef.current);
    const body = JSON.stringify(fields);
    if (saved.current && body === lastSent.current) return saved.current;
    if (!saved.current && !hasMeaningfulInput(values)) return null;
    setStateIfMounted('saving');
    try {
      const previous = saved.current;
      const result = previous ? await updateBooking(previous.id, { ...fields, updated_at: previous.updated_at }) : await createBooking(fields);
      saved.current = result;
      lastSent.current = body;
      queryClient.setQueryData(bookingFormKeys.detail(result.id), result);
      setStateIfMounted('saved');
      if (!previous) callbacks.current.onCreated?.(result);
      return result;
    } catch (error) {
      if (hasErrorStatus(error, [409])) {
        setStateIfMounted('idle');
        callbacks.current.onStale();
      } else {
        setStateIfMounted('error');
        form.showServerFieldErrors(error);
      }
      throw error;
    }
  }, [form, queryClient]);

  /** Saves after the saves already under way; resolves with the stored draft (null: nothing worth saving yet). */
  const save = useCallback((): Promise<Booking | null> => {
    const next = queue.current.catch(() => undefined).then(saveNow);
    queue.current = next;
    return next;
  }, [saveNow]);

  const valuesKey = JSON.stringify(form.values);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isDirty = form.form.formState.isDirty;
  useEffect(() => {
    if (!enabled || !isDirty) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      save().catch(() => undefined);
    }, AUTOSAVE_DELAY_MS);
    return () => {
      if (pending.current) clearTimeout(pending.current);
    };
  }, [enabled, isDirty, valuesKey, save]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // Leaving with a change not yet saved: save it on the way out.
      if (pending.current) save().catch(() => undefined);
    };
  }, [save]);

  /** Saves whatever is typed now (before a submit) and returns the stored draft. */
  const flush = useCallback(() => {
    if (pending.current) {
      clearTimeout(pending.current);
      pending.current = null;
    }
    return save();
  }, [save]);

  return { state, flush };
}
