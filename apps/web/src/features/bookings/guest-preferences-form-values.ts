import { z } from 'zod';
import {
  bookingGuestPreferencesInputSchema,
  dietaryCountFitsGuests,
  DIETARY_NEEDS,
  type BookingGuestPreferences,
  type BookingSeating,
  type ClientPreferences,
  type DietaryNeed,
} from '@goodtable/shared';
import { typedNumber } from '../../components/form/typed-number.ts';

export type DietaryCountField = `dietary_${DietaryNeed}`;
export const dietaryCountField = (need: DietaryNeed): DietaryCountField => `dietary_${need}`;

/** The guest preferences form as typed: one count per dietary need (blank or 0: none), the rest as text. */
export type GuestPreferencesFormValues = Record<DietaryCountField, string> & {
  /** Carries the error of the counts together (more than the guests); no input of its own. */
  dietary: string;
  seating: BookingSeating;
  accessibility: string;
  arrival_time: string;
  notes: string;
};

export type GuestPreferencesPayload = z.output<typeof bookingGuestPreferencesInputSchema>;

const countsOf = (counts: Partial<Record<DietaryNeed, number>>) =>
  Object.fromEntries(DIETARY_NEEDS.map((need) => [dietaryCountField(need), counts[need] ? String(counts[need]) : ''])) as Record<DietaryCountField, string>;

/**
 * What the form starts from: the booking's saved preferences; for a booking without any, the client's default
 * dietary needs (one guest each, to adjust) and dietary notes.
 */
export function guestPreferencesFormValues(saved: BookingGuestPreferences | null, defaults: ClientPreferences | null): GuestPreferencesFormValues {
  if (saved) {
    return {
      ...countsOf(Object.fromEntries(saved.dietary.map((item) => [item.need, item.count]))),
      dietary: '',
      seating: saved.seating,
      accessibility: saved.accessibility ?? '',
      arrival_time: saved.arrival_time ?? '',
      notes: saved.notes ?? '',
    };
  }
  return {
    ...countsOf(Object.fromEntries((defaults?.dietary_needs ?? []).map((need) => [need, 1]))),
    dietary: '',
    seating: 'NO_PREFERENCE',
    accessibility: '',
    arrival_time: '',
    notes: defaults?.dietary_notes ?? '',
  };
}

/**
 * The form → the PUT payload, checked with the shared schema (each count's problem under its need) and against the
 * booking's guests (the counts together at most the guests).
 */
export function guestPreferencesFormSchema(guests: number | null): z.ZodType<GuestPreferencesPayload, GuestPreferencesFormValues> {
  return z.custom<GuestPreferencesFormValues>().transform((values, ctx) => {
    const dietary = DIETARY_NEEDS.flatMap((need) => {
      const count = typedNumber(values[dietaryCountField(need)]);
      return count === undefined || count === 0 ? [] : [{ need, count }];
    });
    const result = bookingGuestPreferencesInputSchema.safeParse({
      dietary,
      seating: values.seating,
      accessibility: values.accessibility,
      arrival_time: values.arrival_time.trim() || null,
      notes: values.notes,
    });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const [field, index] = issue.path;
        const path = field === 'dietary' && typeof index === 'number' ? dietaryCountField(dietary[index]!.need) : String(field);
        ctx.addIssue({ code: 'custom', path: [path], message: issue.message });
      }
      return z.NEVER;
    }
    if (!dietaryCountFitsGuests(result.data.dietary, guests)) {
      ctx.addIssue({ code: 'custom', path: ['dietary'], message: 'booking-forms:validation.dietaryOverGuests' });
      return z.NEVER;
    }
    return result.data;
  });
}
