import type { Role } from './roles.ts';

/** docs/product.md, Validation rules: an object is empty when all its values are null, undefined or empty strings. */
export function isEmptyObject(value: Record<string, unknown>): boolean {
  return Object.values(value).every((v) => v === null || v === undefined || v === '');
}

/** docs/product.md, Validation rules: text is trimmed; missing input becomes the empty string. */
export function trimText(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/** Size-bucket function of docs/product.md, Business constants (thresholds on an amount); undefined when the amount is not positive. */
export function sizeBucket(amount: number): 0 | 1 | 2 | 3 | 4 | undefined {
  if (amount > 9_999_999) return 4;
  if (amount > 999_999) return 3;
  if (amount > 99_999) return 2;
  if (amount > 9_999) return 1;
  if (amount > 0) return 0;
  return undefined;
}

/** Flag emoji from a two-letter ISO 3166 code: each letter becomes its regional indicator symbol. */
export function flagEmoji(isoCode: string): string {
  const code = isoCode.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/**
 * Guest-area base path (docs/product.md, Access rules): a manager acting for restaurant R works in
 * `/guests/R/...`; everyone else (a seller on their own restaurant, a manager in their own view) has no prefix.
 */
export function guestAreaBasePath(viewer: { role: Role } | null | undefined, actingForRestaurantId?: string | null): string {
  if (viewer?.role === 'manager' && actingForRestaurantId) return `/guests/${actingForRestaurantId}`;
  return '';
}

/** Filters selection-list options the way docs/product.md, Validation rules asks: ignoring case and whitespace. */
export function matchesSelectionFilter(label: string, query: string): boolean {
  const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, '');
  return normalise(label).includes(normalise(query));
}

/** Only same-site paths are honoured as post-sign-in redirects (no open redirect). */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** True when `zone` is an IANA time zone this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
