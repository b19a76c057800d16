/**
 * Categories of causes (charities). Shared by the causes directory filter and by restaurants' hosting
 * preferences (which kinds of causes a restaurant is happy to host dinners for).
 */
export const CAUSE_CATEGORIES = ['hunger', 'education', 'health', 'environment', 'animals', 'community', 'arts', 'disaster-relief'] as const;
export type CauseCategory = (typeof CAUSE_CATEGORIES)[number];

export function isCauseCategory(value: unknown): value is CauseCategory {
  return typeof value === 'string' && (CAUSE_CATEGORIES as readonly string[]).includes(value);
}
