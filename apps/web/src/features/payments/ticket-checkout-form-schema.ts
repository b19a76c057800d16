import { z } from 'zod';
import { MAX_TICKETS_PER_CHECKOUT, ticketCheckoutCreateSchema } from '@goodtable/shared';
import { typedNumber } from '../../components/form/typed-number.ts';
import { parsePriceInput } from '../../lib/price-input.ts';

/** The ticket form as typed: quantity and donation as text (the donation in the currency's major unit), one name per ticket. */
export type TicketCheckoutFormValues = { quantity: string; email: string; donation: string; attendees: string[] };

export const ticketCheckoutFormValues = (): TicketCheckoutFormValues => ({ quantity: '1', email: '', donation: '', attendees: [''] });

/** How many name fields to show for what is typed in the quantity field (1 while it is not a usable number). */
export function attendeeFieldCount(quantity: string): number {
  const value = typedNumber(quantity);
  return value !== undefined && Number.isInteger(value) && value >= 1 ? Math.min(value, MAX_TICKETS_PER_CHECKOUT) : 1;
}

/** The form's strings → POST /v1/events/{id}/checkouts (donation in minor units, blank → none), checked by the shared schema. */
export function ticketCheckoutFormSchema(currency: string) {
  return z.preprocess((raw) => {
    const values = raw as TicketCheckoutFormValues;
    const quantity = typedNumber(values.quantity);
    const donationText = values.donation.trim();
    const donation = donationText === '' ? undefined : (parsePriceInput(donationText, currency) ?? Number.NaN);
    return {
      quantity: quantity ?? Number.NaN,
      email: values.email,
      attendees: values.attendees.slice(0, attendeeFieldCount(values.quantity)),
      ...(donation === undefined ? {} : { donation }),
    };
  }, ticketCheckoutCreateSchema);
}
