import { z } from 'zod';
import { textInput } from './text.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.ts';

/**
 * Error body of every failing API call (docs/architecture.md, API conventions). `code` names the error for translation on the web;
 * `details` names each invalid field with a translation key.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const idParamSchema = z.object({ id: z.uuid('validation.invalidId') });

/** `sortBy=field:asc|desc`, restricted to the fields a list allows. */
export function sortBySchema<const Field extends string>(fields: readonly [Field, ...Field[]], fallback: `${Field}:${'asc' | 'desc'}`) {
  const pattern = new RegExp(`^(${fields.join('|')}):(asc|desc)$`);
  return textInput()
    .regex(pattern, 'validation.invalidSort')
    .default(fallback)
    .transform((value) => {
      const [field, direction] = value.split(':') as [Field, 'asc' | 'desc'];
      return { field, direction };
    });
}

export const pageQuerySchema = z.object({
  page: z.coerce.number('validation.notANumber').int('validation.notAnInteger').min(1, 'validation.tooSmall').default(1),
  limit: z.coerce
    .number('validation.notANumber')
    .int('validation.notAnInteger')
    .min(1, 'validation.tooSmall')
    .max(MAX_PAGE_SIZE, 'validation.tooLarge')
    .default(DEFAULT_PAGE_SIZE),
});

/** Paged list (docs/product.md, Entities), with the page size docs/architecture.md, API conventions adds. */
export function pagedListSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    data: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
    totalResults: z.number().int(),
  });
}
export type PagedList<Item> = { data: Item[]; page: number; limit: number; totalPages: number; totalResults: number };
