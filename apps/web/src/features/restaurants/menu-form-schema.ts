import { z } from 'zod';
import { menuInputSchema, type Menu } from '@goodtable/shared';
import { typedNumber } from '../../components/form/typed-number.ts';
import { parsePriceInput, priceInputText } from '../../lib/price-input.ts';

/** The menu form's fields as typed; `active` is the checkbox as "true" / "false". */
export type MenuFormValues = {
  name: string;
  description: string;
  price_per_head: string;
  min_guests: string;
  max_guests: string;
  active: string;
};

/** What the form starts with: the menu being edited, or an empty active menu. */
export function menuFormValues(menu: Menu | null, currency: string): MenuFormValues {
  return {
    name: menu?.name ?? '',
    description: menu?.description ?? '',
    price_per_head: menu ? priceInputText(menu.price_per_head, currency) : '',
    min_guests: menu ? String(menu.min_guests) : '',
    max_guests: menu ? String(menu.max_guests) : '',
    active: menu ? String(menu.active) : 'true',
  };
}

/** The form's strings → the menu payload (price in the currency's minor units), checked by the shared menu schema. */
export function menuFormSchema(currency: string) {
  return z.preprocess((raw) => {
    const values = raw as MenuFormValues;
    const price = parsePriceInput(values.price_per_head, currency);
    return {
      name: values.name,
      description: values.description,
      // An unparsable price stays text so the schema reports it under the price field.
      price_per_head: price ?? (values.price_per_head.trim() ? values.price_per_head : undefined),
      min_guests: typedNumber(values.min_guests),
      max_guests: typedNumber(values.max_guests),
      active: values.active === 'true',
    };
  }, menuInputSchema);
}
