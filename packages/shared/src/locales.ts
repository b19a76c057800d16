/** The product's locale codes. `vn` is the product's code for Vietnamese; Intl and <html lang> need `vi`. */
export const LOCALES = ['en', 'vn'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** BCP 47 tag for Intl formatting and the document language. */
export function localeToLanguageTag(locale: Locale): 'en' | 'vi' {
  return locale === 'vn' ? 'vi' : 'en';
}
