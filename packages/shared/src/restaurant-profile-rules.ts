import { REGIONS, type Region } from './constants.ts';

// Profile rules (reserved slugs, publishing, default time zone): the profile form and the API need them, the
// public pages do not, so they live apart from the directory's constants.

/**
 * A restaurant's public page lives at `/{slug}`, so a slug may not be a top-level route of the app or the API.
 */
export const RESERVED_SLUGS = [
  '404', 'about', 'account', 'add-cause', 'add-event', 'api', 'assets', 'blog', 'bookings', 'cause', 'cause-profile', 'causes',
  'contact', 'dev', 'docs', 'donate', 'forgot-password', 'guest-preferences', 'guests', 'help', 'how-it-works', 'intermediary',
  'management-access', 'notifications', 'payment-management', 'payments', 'privacy', 'profile', 'register-as-a-restaurant',
  'reset-password', 'restaurant-profile', 'restaurants', 'share', 'sign-in', 'sign-up', 'signing-in', 'sub-manager', 'terms',
  'undo-email-change', 'unsubscribe', 'uploads', 'v1', 'verify-email', 'favicon.ico', 'locales', 'robots.txt',
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
