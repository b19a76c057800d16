import { z } from 'zod';
import { donationCreateSchema, type DonationOptions } from '@goodtable/shared';
import { parsePriceInput } from '../../lib/price-input.ts';

/** The value of the "Other amount" choice among the preset amounts. */
export const CUSTOM_AMOUNT = 'custom';

/**
 * The donate form as typed: `amount` is the chosen preset (minor units as text) or `custom`, then `custom` holds the
 * amount typed in the currency's major unit.
 */
export type DonationFormValues = { amount: string; custom: string; email: string; name: string; message: string; anonymous: boolean };

/** What the form starts with: the middle preset chosen, the signed-in donor's email filled in. */
export function donationFormValues(options: Pick<DonationOptions, 'presets'>, email: string): DonationFormValues {
  return { amount: String(options.presets[1] ?? options.presets[0] ?? CUSTOM_AMOUNT), custom: '', email, name: '', message: '', anonymous: false };
}

/** The amount chosen, in minor units: undefined while "Other amount" is blank, NaN when what is typed is not an amount. */
export function donationAmountOf(values: Pick<DonationFormValues, 'amount' | 'custom'>, currency: string): number | undefined {
  if (values.amount !== CUSTOM_AMOUNT) return Number(values.amount);
  if (values.custom.trim() === '') return undefined;
  return parsePriceInput(values.custom, currency) ?? Number.NaN;
}

/** A blank amount is asked for; anything else is checked by the shared schema's amount rules. */
const amountSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.notANumber') })
  .pipe(donationCreateSchema.shape.amount);

/**
 * The form's values → POST /v1/causes/{id}/donations (amount in minor units, blank name and message → none, the
 * page's event), checked by the shared schema. The amount's limits per currency are the server's (400 under `amount`).
 */
export function donationFormSchema({ currency, eventId }: { currency: string; eventId: string | null }) {
  return z.preprocess(
    (raw) => {
      const values = raw as DonationFormValues;
      return { amount: donationAmountOf(values, currency), email: values.email, name: values.name, message: values.message, anonymous: values.anonymous, event_id: eventId };
    },
    donationCreateSchema.extend({ amount: amountSchema }),
  );
}
