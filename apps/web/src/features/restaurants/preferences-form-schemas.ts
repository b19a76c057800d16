import { z } from 'zod';
import {
  clientPreferencesInputSchema,
  hostingPreferencesInputSchema,
  type ClientPreferences,
  type DietaryNeed,
  type HostingPreferences,
  type HostingPreferencesInput,
} from '@goodtable/shared';
import { typedNumber } from '../../components/form/typed-number.ts';

/** The hosting form: the choice groups as lists, the numbers as typed. */
export type HostingPreferencesFormValues = Omit<HostingPreferencesInput, 'min_guests' | 'max_guests' | 'notice_days'> & {
  min_guests: string;
  max_guests: string;
  notice_days: string;
};

export function hostingPreferencesFormValues(preferences: HostingPreferences): HostingPreferencesFormValues {
  return {
    weekdays: preferences.weekdays,
    service_start: preferences.service_start,
    service_end: preferences.service_end,
    min_guests: String(preferences.min_guests),
    max_guests: String(preferences.max_guests),
    notice_days: String(preferences.notice_days),
    regions: preferences.regions,
    cause_categories: preferences.cause_categories,
  };
}

/** The hosting form → the shared PUT payload, with party sizes and notice as numbers (all three required). */
export const hostingPreferencesFormSchema = z.preprocess((raw) => {
  const values = raw as HostingPreferencesFormValues;
  return {
    ...values,
    min_guests: typedNumber(values.min_guests),
    max_guests: typedNumber(values.max_guests),
    notice_days: typedNumber(values.notice_days),
  };
}, hostingPreferencesInputSchema);

/** The client form: no region is the empty string, the party size as typed. */
export type ClientPreferencesFormValues = { region: string; party_size: string; dietary_needs: DietaryNeed[]; dietary_notes: string };

export function clientPreferencesFormValues(preferences: ClientPreferences): ClientPreferencesFormValues {
  return {
    region: preferences.region ?? '',
    party_size: preferences.party_size === null ? '' : String(preferences.party_size),
    dietary_needs: preferences.dietary_needs,
    dietary_notes: preferences.dietary_notes ?? '',
  };
}

/** The client form → the shared PUT payload: a blank region or party size is "no default" (null). */
export const clientPreferencesFormSchema = z.preprocess((raw) => {
  const values = raw as ClientPreferencesFormValues;
  return { ...values, region: values.region || null, party_size: typedNumber(values.party_size) ?? null };
}, clientPreferencesInputSchema);
