import { z } from 'zod';
import { optionalText, textInput } from './text.ts';
import { CAUSE_CATEGORIES, CAUSE_SORT_FIELDS } from '../cause-categories.ts';
import { MAX_PAGE_SIZE } from '../constants.ts';
import { pageQuerySchema, pagedListSchema, sortBySchema } from './common.ts';

export const causeCategorySchema = z.enum(CAUSE_CATEGORIES, 'validation.invalidCategory');

/** Lowercase letters, digits and single hyphens, as in `/cause/hope-kitchen`. */
export const CAUSE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CAUSE_NAME_MAX = 120;
export const CAUSE_SLUG_MAX = 80;
export const CAUSE_STORY_MAX = 5000;

export const causeSlugSchema = textInput('validation.required')
  .trim()
  .toLowerCase()
  .min(3, 'validation.tooShort')
  .max(CAUSE_SLUG_MAX, 'validation.tooLong')
  .regex(CAUSE_SLUG_PATTERN, 'validation.invalidSlug');

const websiteSchema = textInput('validation.notAString')
  .trim()
  .max(300, 'validation.tooLong')
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(value), 'validation.invalidUrl');

const countryCodeSchema = textInput('validation.notAString')
  .trim()
  .toUpperCase()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || /^[A-Z]{2}$/.test(value), 'validation.invalidCountry');

/**
 * POST /v1/causes and PUT /v1/causes/{id} body: the whole editable profile (the logo has its own upload call).
 * A published cause needs a story: its public page is mostly the story.
 */
export const causeInputSchema = z
  .object({
    name: textInput('validation.required').trim().min(1, 'validation.required').max(CAUSE_NAME_MAX, 'validation.tooLong'),
    slug: causeSlugSchema,
    category: causeCategorySchema,
    story: textInput('validation.notAString', { multiline: true }).trim().max(CAUSE_STORY_MAX, 'validation.tooLong').default(''),
    website: websiteSchema,
    charity_registration_number: optionalText(50),
    country: countryCodeSchema,
    published: z.boolean('validation.notABoolean').default(false),
  })
  .superRefine((value, context) => {
    if (value.published && value.story.length === 0) {
      context.addIssue({ code: 'custom', path: ['story'], message: 'validation.requiredToPublish' });
    }
  });
export type CauseInput = z.input<typeof causeInputSchema>;
export type CauseInputParsed = z.output<typeof causeInputSchema>;

/** A cause as its owner and its public page see it. */
export const causeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  category: causeCategorySchema,
  story: z.string(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  charity_registration_number: z.string().nullable(),
  country: z.string().nullable(),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Cause = z.infer<typeof causeSchema>;

/** One entry of the cause directory and of a user's causes. */
export const causeListItemSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  category: causeCategorySchema,
  logo: z.string().nullable(),
  country: z.string().nullable(),
  published: z.boolean(),
  created_at: z.string(),
});
export type CauseListItem = z.infer<typeof causeListItemSchema>;

export const CAUSE_SEARCH_MAX = 100;

/** GET /v1/causes query (docs/product.md, API calls: page, limit, sortBy, category; plus search). */
export const causesQuerySchema = pageQuerySchema.extend({
  sortBy: sortBySchema(CAUSE_SORT_FIELDS, 'created_at:desc'),
  category: causeCategorySchema.optional(),
  search: textInput('validation.notAString').trim().max(CAUSE_SEARCH_MAX, 'validation.tooLong').optional(),
});
export type CausesQuery = z.input<typeof causesQuerySchema>;

export const causesPageSchema = pagedListSchema(causeListItemSchema);

/** GET /v1/users/{id}/causes query: no paging (docs/product.md, API calls answers `{data}`), but a limit and a sort. */
export const userCausesQuerySchema = z.object({
  limit: z.coerce
    .number('validation.notANumber')
    .int('validation.notAnInteger')
    .min(1, 'validation.tooSmall')
    .max(MAX_PAGE_SIZE, 'validation.tooLarge')
    .default(MAX_PAGE_SIZE),
  sortBy: sortBySchema(CAUSE_SORT_FIELDS, 'created_at:desc'),
});
export type UserCausesQuery = z.input<typeof userCausesQuerySchema>;
export const userCausesSchema = z.object({ data: z.array(causeListItemSchema) });

export const causeSlugParamSchema = z.object({ slug: textInput().trim().min(1, 'validation.required').max(CAUSE_SLUG_MAX, 'validation.tooLong') });

/** Logo uploads: JPEG, PNG or WebP up to 5 MB, stored as WebP. */
export const CAUSE_LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const CAUSE_LOGO_MAX_BYTES = 5 * 1024 * 1024;
