import { z } from 'zod';
import { optionalText, textInput } from './text.ts';
import { DIRECTORY_REGIONS, REGIONS, WEEKDAYS } from '../constants.ts';
import { MENU_FOOD_COST_MAX, productFits } from '../amounts.ts';
import { CUISINES, DIETARY_NEEDS, MAX_PARTY_SIZE } from '../restaurants.ts';
import { RESERVED_SLUGS, SLUG_PATTERN } from '../restaurant-profile-rules.ts';
import { pageQuerySchema, pagedListSchema, sortBySchema } from './common.ts';
import { timeZoneSchema } from './user.ts';
import { causeCategorySchema } from './causes.ts';

export const slugSchema = textInput('validation.required')
  .trim()
  .toLowerCase()
  .min(3, 'validation.slugTooShort')
  .max(60, 'validation.tooLong')
  .regex(SLUG_PATTERN, 'validation.invalidSlug')
  .refine((slug) => !(RESERVED_SLUGS as readonly string[]).includes(slug), 'validation.slugReserved');

export const countryCodeSchema = textInput('validation.notAString')
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'validation.invalidCountry');

export const cuisineSchema = z.enum(CUISINES, 'validation.invalidCuisine');
export const regionSchema = z.enum(REGIONS, 'validation.invalidRegion');
export const weekdaySchema = z.enum(WEEKDAYS, 'validation.invalidWeekday');
export const dietaryNeedSchema = z.enum(DIETARY_NEEDS, 'validation.invalidDietaryNeed');

const guestCountSchema = z
  .number('validation.notANumber')
  .int('validation.notAnInteger')
  .min(1, 'validation.tooSmall')
  .max(MAX_PARTY_SIZE, 'validation.tooLarge');

/** `HH:MM`, 24-hour clock. */
export const timeOfDaySchema = textInput('validation.required').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.invalidTime');

const uniqueList = <Item extends z.ZodType>(item: Item, max: number) =>
  z
    .array(item, 'validation.notAList')
    .max(max, 'validation.tooMany')
    .refine((list) => new Set(list).size === list.length, 'validation.duplicates');

// ---------------------------------------------------------------- reference data

export const countryTimeZoneSchema = z.object({
  zoneName: z.string(),
  gmtOffset: z.number(),
  gmtOffsetName: z.string(),
  abbreviation: z.string(),
  tzName: z.string(),
});
/** GET /v1/reference/countries item: the country option of docs/product.md, Entities (id = isoCode, name) with what follows the country. */
export const countryOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  flag: z.string(),
  currency: z.string(),
  timezones: z.array(countryTimeZoneSchema),
});
export type CountryOption = z.infer<typeof countryOptionSchema>;
export const countryListSchema = z.object({ data: z.array(countryOptionSchema) });

// ---------------------------------------------------------------- restaurant profile

/** Path parameter of the restaurant-owner routes: the restaurant (seller user) id. */
export const restaurantIdParamSchema = z.object({ id: z.uuid('validation.invalidId') });
export const restaurantMenuParamSchema = z.object({ id: z.uuid('validation.invalidId'), menuId: z.uuid('validation.invalidId') });
export const restaurantPhotoParamSchema = z.object({ id: z.uuid('validation.invalidId'), photoId: z.uuid('validation.invalidId') });

/**
 * PUT /v1/restaurants/{id}/profile. Every field may be left empty while the profile is a draft; publishing
 * needs the required ones (see `missingForPublish`). Currency and time zone follow the country.
 */
export const restaurantProfileInputSchema = z.object({
  name: optionalText(120),
  slug: textInput('validation.notAString')
    .nullish()
    .transform((value) => (value?.trim() ? value : null))
    .pipe(slugSchema.nullable()),
  description: optionalText(4000, { multiline: true }),
  cuisine: cuisineSchema.nullish().transform((value) => value ?? null),
  address: optionalText(300),
  city: optionalText(120),
  region: regionSchema.nullish().transform((value) => value ?? null),
  country: countryCodeSchema.nullish().transform((value) => value || null),
  /** One of the country's time zones; defaults from the region and country when left out. */
  timezone: timeZoneSchema.nullish().transform((value) => value || null),
});
export type RestaurantProfileInput = z.input<typeof restaurantProfileInputSchema>;
export type RestaurantProfileValues = z.output<typeof restaurantProfileInputSchema>;

export const restaurantPhotoSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  thumbnail_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type RestaurantPhoto = z.infer<typeof restaurantPhotoSchema>;

export const menuSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  /** Price per head in the currency's minor unit (AUD cents; VND has none). */
  price_per_head: z.number().int(),
  currency: z.string(),
  min_guests: z.number().int(),
  max_guests: z.number().int(),
  position: z.number().int(),
  active: z.boolean(),
});
export type Menu = z.infer<typeof menuSchema>;

/** POST /v1/restaurants/{id}/menus and PUT …/menus/{menuId}. */
export const menuInputSchema = z
  .object({
    name: textInput('validation.required').trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
    description: optionalText(2000, { multiline: true }),
    /** At least 1: a menu is paid for (a booking of a free menu would have no deposit to confirm it). */
    price_per_head: z
      .number('validation.notANumber')
      .int('validation.notAnInteger')
      .min(1, 'validation.tooSmall')
      .max(MENU_FOOD_COST_MAX, 'validation.tooLarge'),
    min_guests: guestCountSchema,
    max_guests: guestCountSchema,
    active: z.boolean('validation.notABoolean').default(true),
  })
  .refine((menu) => menu.max_guests >= menu.min_guests, { path: ['max_guests'], message: 'validation.maxBelowMin' })
  // Its food cost for the most guests it serves is the largest payment a booking of it makes.
  .refine((menu) => productFits({ price: menu.price_per_head, count: menu.max_guests, max: MENU_FOOD_COST_MAX }), { path: ['price_per_head'], message: 'validation.menuFoodCostTooLarge' });
export type MenuInput = z.input<typeof menuInputSchema>;

/** PUT /v1/restaurants/{id}/menus/order: every menu id of the restaurant, in the new order. */
export const menuOrderInputSchema = z.object({
  menu_ids: uniqueList(z.uuid('validation.invalidId'), 200).refine((ids) => ids.length > 0, 'validation.required'),
});
export type MenuOrderInput = z.input<typeof menuOrderInputSchema>;

export const restaurantMissingFieldSchema = z.enum(['name', 'slug', 'description', 'cuisine', 'address', 'city', 'region', 'country', 'menus']);

/** The owner's view of a restaurant (GET/PUT /v1/restaurants/{id}/profile). */
export const restaurantProfileSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  slug: z.string().nullable(),
  description: z.string().nullable(),
  cuisine: cuisineSchema.nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  region: regionSchema.nullable(),
  country: z.string().nullable(),
  currency: z.string().nullable(),
  timezone: z.string().nullable(),
  published: z.boolean(),
  photos: z.array(restaurantPhotoSchema),
  menus: z.array(menuSchema),
  /** What publishing still needs (empty when the profile could be published). */
  missing_for_publish: z.array(restaurantMissingFieldSchema),
  updated_at: z.string().nullable(),
});
export type RestaurantProfile = z.infer<typeof restaurantProfileSchema>;

/** PUT /v1/restaurants/{id}/published. */
export const publishInputSchema = z.object({ published: z.boolean('validation.notABoolean') });
export type PublishInput = z.input<typeof publishInputSchema>;

// ---------------------------------------------------------------- hosting and client preferences

export const hostingPreferencesInputSchema = z
  .object({
    weekdays: uniqueList(weekdaySchema, 7),
    service_start: timeOfDaySchema,
    /** May be earlier than the start: service past midnight. */
    service_end: timeOfDaySchema,
    min_guests: guestCountSchema,
    max_guests: guestCountSchema,
    notice_days: z.number('validation.notANumber').int('validation.notAnInteger').min(0, 'validation.tooSmall').max(365, 'validation.tooLarge'),
    regions: uniqueList(regionSchema, 20),
    /** Kinds of causes the restaurant hosts; empty means every kind. */
    cause_categories: uniqueList(causeCategorySchema, 20),
  })
  .refine((prefs) => prefs.max_guests >= prefs.min_guests, { path: ['max_guests'], message: 'validation.maxBelowMin' })
  .refine((prefs) => prefs.service_end !== prefs.service_start, { path: ['service_end'], message: 'validation.sameAsStart' });
export type HostingPreferencesInput = z.input<typeof hostingPreferencesInputSchema>;

export const hostingPreferencesSchema = z.object({
  restaurant_id: z.uuid(),
  weekdays: z.array(weekdaySchema),
  service_start: z.string(),
  service_end: z.string(),
  min_guests: z.number().int(),
  max_guests: z.number().int(),
  notice_days: z.number().int(),
  regions: z.array(regionSchema),
  cause_categories: z.array(causeCategorySchema),
  /** False while the restaurant has not saved its own (the values are the defaults). */
  saved: z.boolean(),
});
export type HostingPreferences = z.infer<typeof hostingPreferencesSchema>;

export const clientPreferencesInputSchema = z.object({
  region: regionSchema.nullish().transform((value) => value ?? null),
  party_size: guestCountSchema.nullish().transform((value) => value ?? null),
  dietary_needs: uniqueList(dietaryNeedSchema, DIETARY_NEEDS.length),
  dietary_notes: optionalText(500, { multiline: true }),
});
export type ClientPreferencesInput = z.input<typeof clientPreferencesInputSchema>;

export const clientPreferencesSchema = z.object({
  region: regionSchema.nullable(),
  party_size: z.number().int().nullable(),
  dietary_needs: z.array(dietaryNeedSchema),
  dietary_notes: z.string().nullable(),
});
export type ClientPreferences = z.infer<typeof clientPreferencesSchema>;

// ---------------------------------------------------------------- public directory and page

export const RESTAURANT_SORT_FIELDS = ['created_at', 'name'] as const;

/** GET /v1/restaurants query. */
export const restaurantDirectoryQuerySchema = pageQuerySchema.extend({
  sortBy: sortBySchema(RESTAURANT_SORT_FIELDS, 'created_at:desc'),
  search: textInput('validation.notAString').trim().max(100, 'validation.tooLong').optional(),
  region: z.enum(DIRECTORY_REGIONS, 'validation.invalidRegion').optional(),
  cuisine: cuisineSchema.optional(),
  guests: z.coerce.number('validation.notANumber').int('validation.notAnInteger').min(1, 'validation.tooSmall').max(MAX_PARTY_SIZE, 'validation.tooLarge').optional(),
});
export type RestaurantDirectoryQuery = z.input<typeof restaurantDirectoryQuerySchema>;

export const restaurantListItemSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  region: regionSchema,
  city: z.string(),
  cuisine: cuisineSchema,
  country: z.string(),
  currency: z.string(),
  /** Cover photo (the first one), or null. */
  photo: z.object({ url: z.string(), thumbnail_url: z.string() }).nullable(),
  /** Lowest active menu price per head, minor units. */
  price_from: z.number().int().nullable(),
  min_guests: z.number().int().nullable(),
  max_guests: z.number().int().nullable(),
  created_at: z.string(),
});
export type RestaurantListItem = z.infer<typeof restaurantListItemSchema>;
export const restaurantDirectorySchema = pagedListSchema(restaurantListItemSchema);

export const restaurantSlugParamSchema = z.object({ slug: textInput().trim().toLowerCase().min(1, 'validation.required').max(100, 'validation.tooLong') });

/** GET /v1/restaurants/by-slug/{slug}: a published restaurant's public page. */
export const publicRestaurantSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  cuisine: cuisineSchema,
  address: z.string(),
  city: z.string(),
  region: regionSchema,
  country: z.string(),
  country_name: z.string(),
  currency: z.string(),
  timezone: z.string().nullable(),
  photos: z.array(restaurantPhotoSchema),
  menus: z.array(menuSchema),
  hosting: z
    .object({
      weekdays: z.array(weekdaySchema),
      service_start: z.string(),
      service_end: z.string(),
      min_guests: z.number().int(),
      max_guests: z.number().int(),
      notice_days: z.number().int(),
    })
    .nullable(),
});
export type PublicRestaurant = z.infer<typeof publicRestaurantSchema>;
