/** Business constants of docs/product.md, Business constants, named for what they are. */

export const TOAST_AUTO_CLOSE_MS = 3000;
export const SEARCH_DEBOUNCE_MS = 300;

export const NOTIFICATIONS_PAGE_SIZE = 10;
export const HEADER_CAUSES_LIMIT = 10;
export const HEADER_CAUSES_SORT = 'created_at:desc';
export const MANAGER_RESTAURANTS_LIMIT = 100;
export const DRAFT_CHECK_LIMIT = 1;

/** Where a signed-in user lands after signing in without a `redirect` (every role's dashboard). */
export const SIGNED_IN_HOME = '/bookings';

/** Paged lists: default and largest page size accepted by the API. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const PASSWORD_MIN_LENGTH = 8;
/** Sessions last this long before the user must sign in again. */
export const SESSION_TTL_DAYS = 30;

export const LOCAL_STORAGE_TOKEN_KEY = 'token';
export const LOCAL_STORAGE_DECLINED_TIMEZONE_KEY = 'notTimeZoneDetected';
export const LOCAL_STORAGE_LANGUAGE_KEY = 'language';

export const DATE_FORMAT_SHORT = 'YYYY-MM-DD';
export const DATE_FORMAT_LONG = 'YYYY-MM-DD hh:mm A';
export const DATE_FORMAT_SHORT_SAFARI = 'YYYY/MM/DD';
export const DATE_FORMAT_LONG_SAFARI = 'YYYY/MM/DD hh:mm A';

export const REGIONS = [
  'New South Wales',
  'Queensland',
  'South Australia',
  'Tasmania',
  'Victoria',
  'Western Australia',
  'Australian Capital Territory',
  'Northern Territory',
  'Worldwide',
] as const;
export type Region = (typeof REGIONS)[number];

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** docs/product.md, Business constants names Da Nang as a special city: the one served outside Australia's regions. */
export const SPECIAL_CITY_DA_NANG = 'Da Nang';

/**
 * The restaurant directory's region filter: Australia's regions and Da Nang, where Vietnam's restaurants are listed
 * (their profile region is Worldwide, so Da Nang filters on country and city instead).
 */
export const DIRECTORY_REGIONS = [...REGIONS, SPECIAL_CITY_DA_NANG] as const;
export type DirectoryRegion = (typeof DIRECTORY_REGIONS)[number];

export const PRODUCT_NAME = 'GoodTable';

/** Pricing defaults of docs/product.md, Money; a deployment may configure others (PLATFORM_FEE_PERCENT, DEPOSIT_PERCENT). */
export const DEFAULT_PLATFORM_FEE_PERCENT = 5;
export const DEFAULT_DEPOSIT_PERCENT = 20;

/** Page size of the public restaurant and cause directories: the web app asks for it, the served HTML lists that many. */
export const PUBLIC_DIRECTORY_PAGE_SIZE = 12;

/**
 * The public pages the site header, the phone menu and the footer lead to, with the web app's
 * `common` text of each: the app and the server-written first HTML show the same links.
 */
export const PUBLIC_NAVIGATION = [
  { to: '/restaurants', labelKey: 'header.restaurants' },
  { to: '/causes', labelKey: 'header.causes' },
  { to: '/how-it-works', labelKey: 'header.howItWorks' },
  { to: '/blog', labelKey: 'header.blog' },
  { to: '/help', labelKey: 'header.help' },
] as const;
