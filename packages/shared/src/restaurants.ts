import { REGIONS, type Region } from './constants.ts';
import { localeToLanguageTag, type Locale } from './locales.ts';

/** Cuisines a restaurant picks from (the web translates `restaurants:cuisine.<key>`). */
export const CUISINES = [
  'modern-australian',
  'italian',
  'vietnamese',
  'french',
  'japanese',
  'chinese',
  'thai',
  'indian',
  'korean',
  'mediterranean',
  'middle-eastern',
  'greek',
  'spanish',
  'mexican',
  'seafood',
  'steakhouse',
  'vegetarian',
  'fusion',
] as const;
export type Cuisine = (typeof CUISINES)[number];

/** Dietary needs a client can record as defaults for new events. */
export const DIETARY_NEEDS = ['vegetarian', 'vegan', 'gluten-free', 'dairy-free', 'nut-free', 'halal', 'kosher', 'pescatarian'] as const;
export type DietaryNeed = (typeof DIETARY_NEEDS)[number];

/** Restaurant photos: types accepted, and how many a restaurant may keep. */
export const RESTAURANT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_RESTAURANT_PHOTOS = 12;

/** Largest party a menu or a preference may name. */
export const MAX_PARTY_SIZE = 1000;

/**
 * A restaurant's public page lives at `/{slug}`, so a slug may not be a top-level route of the app or the API.
 */
export const RESERVED_SLUGS = [
  '404', 'about', 'account', 'add-cause', 'add-event', 'api', 'assets', 'blog', 'bookings', 'cause', 'cause-profile', 'causes',
  'contact', 'dev', 'docs', 'donate', 'forgot-password', 'guest-preferences', 'guests', 'help', 'how-it-works', 'intermediary',
  'management-access', 'notifications', 'payment-management', 'payments', 'privacy', 'profile', 'register-as-a-restaurant',
  'reset-password', 'restaurant-profile', 'restaurants', 'share', 'sign-in', 'sign-up', 'signing-in', 'sub-manager', 'terms',
  'undo-email-change', 'uploads', 'v1', 'verify-email', 'favicon.ico', 'locales', 'robots.txt',
] as const;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A URL-friendly slug proposal from a name ("Phở Hà Nội" → "pho-ha-noi"), at most `maxLength` characters (a restaurant slug's 60 by default). */
export function slugify(text: string, maxLength = 60): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
}

/** Fields a restaurant profile needs before it can be published, in the order the profile form shows them. */
export const RESTAURANT_REQUIRED_FIELDS = ['name', 'slug', 'description', 'cuisine', 'address', 'city', 'region', 'country'] as const;
export type RestaurantRequiredField = (typeof RESTAURANT_REQUIRED_FIELDS)[number];

/**
 * What is missing before a restaurant can be published: each empty required field, and `menus` when no
 * menu is active. Shared so that the API refuses and the web shows the same checklist.
 */
export function missingForPublish(profile: Partial<Record<RestaurantRequiredField, string | null>> & { menus: readonly { active: boolean }[] }): (RestaurantRequiredField | 'menus')[] {
  const missing: (RestaurantRequiredField | 'menus')[] = RESTAURANT_REQUIRED_FIELDS.filter((field) => !profile[field]?.trim());
  if (!profile.menus.some((menu) => menu.active)) missing.push('menus');
  return missing;
}

const REGION_TIME_ZONES: Partial<Record<Region, string>> = {
  'New South Wales': 'Australia/Sydney',
  Queensland: 'Australia/Brisbane',
  'South Australia': 'Australia/Adelaide',
  Tasmania: 'Australia/Hobart',
  Victoria: 'Australia/Melbourne',
  'Western Australia': 'Australia/Perth',
  'Australian Capital Territory': 'Australia/Sydney',
  'Northern Territory': 'Australia/Darwin',
};

/**
 * The time zone a restaurant most likely uses: the region's when it is one of the country's zones, else the
 * country's first zone that is not in Antarctica, else its first.
 */
export function defaultRestaurantTimeZone(region: string | null | undefined, countryZones: readonly string[]): string | undefined {
  const byRegion = region && (REGIONS as readonly string[]).includes(region) ? REGION_TIME_ZONES[region as Region] : undefined;
  if (byRegion && countryZones.includes(byRegion)) return byRegion;
  return countryZones.find((zone) => !zone.startsWith('Antarctica/')) ?? countryZones[0];
}

/** Digits after the decimal point of a currency (AUD 2, VND 0). */
export function currencyFractionDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
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
export function formatMoney(amountMinor: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(localeToLanguageTag(locale), { style: 'currency', currency }).format(minorToMajor(amountMinor, currency));
}

/** An OpenStreetMap search for a restaurant's address (no API key, opens in any browser). */
export function openStreetMapSearchUrl(place: { address?: string | null; city?: string | null; countryName?: string | null }): string {
  const query = [place.address, place.city, place.countryName].filter((part) => part && part.trim()).join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
