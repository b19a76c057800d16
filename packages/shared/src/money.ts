import { localeToLanguageTag, type Locale } from './locales.ts';

// Building an Intl formatter costs far more than using one, and money is formatted per row of every list.
const fractionDigitsByCurrency = new Map<string, number>();
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Digits after the decimal point of a currency (AUD 2, VND 0). */
export function currencyFractionDigits(currency: string): number {
  let digits = fractionDigitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    fractionDigitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** Minor units (cents) → amount as people write it (12.5 for 1250 AUD cents; VND unchanged). */
export function minorToMajor(amountMinor: number, currency: string): number {
  return amountMinor / 10 ** currencyFractionDigits(currency);
}

/** Amount as people write it → integer minor units, rounded to the currency's smallest unit. */
export function majorToMinor(amountMajor: number, currency: string): number {
  return Math.round(amountMajor * 10 ** currencyFractionDigits(currency));
}

/** A price in the viewer's locale (`vn` formats as `vi`), e.g. "A$120.00" / "120,00 AU$" / "850.000 ₫". */
export function formatMoney(amountMinor: number, { currency, locale }: { currency: string; locale: Locale }): string {
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeToLanguageTag(locale), { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(minorToMajor(amountMinor, currency));
}
