/**
 * Categories of causes (charities). Shared by the causes directory filter and by restaurants' hosting
 * preferences (which kinds of causes a restaurant is happy to host dinners for).
 */
export const CAUSE_CATEGORIES = ['hunger', 'education', 'health', 'environment', 'animals', 'community', 'arts', 'disaster-relief'] as const;
export type CauseCategory = (typeof CAUSE_CATEGORIES)[number];

export function isCauseCategory(value: unknown): value is CauseCategory {
  return typeof value === 'string' && (CAUSE_CATEGORIES as readonly string[]).includes(value);
}

// Plain constants (no zod) so the web's public directory can use them without loading the schemas.
export const CAUSE_SORT_FIELDS = ['created_at', 'name'] as const;
/** Directory sort options (docs/product.md, Screens and routes): Latest and A-Z. */
export const CAUSE_SORT_OPTIONS = [
  { value: 'created_at:desc', labelKey: 'latest' },
  { value: 'name:asc', labelKey: 'aToZ' },
] as const;
export type CauseSortValue = (typeof CAUSE_SORT_OPTIONS)[number]['value'];
