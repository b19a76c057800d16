import { currencyFractionDigits, majorToMinor, minorToMajor } from '@goodtable/shared';

/**
 * Price per head as typed (in the currency's major unit, "85", "85.50", "850.000" is not accepted: no thousands
 * separators) → integer minor units; null when it is not a valid amount for the currency.
 */
export function parsePriceInput(text: string, currency: string): number | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  const digits = currencyFractionDigits(currency);
  const pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/;
  if (!pattern.test(cleaned)) return null;
  return majorToMinor(Number(cleaned), currency);
}

/** Minor units → the text the price field starts with ("85.5" for 8550 AUD cents, "850000" for VND). */
export function priceInputText(amountMinor: number, currency: string): string {
  return String(minorToMajor(amountMinor, currency));
}
