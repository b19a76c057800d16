import { CAUSE_CATEGORIES, type CauseCategory } from '@goodtable/shared';
import type { CauseDirectoryQuery } from './causes-api.ts';
import { isCauseSortValue } from './cause-selection.ts';

export const DIRECTORY_PAGE_SIZE = 12;

function isCategory(value: string | null): value is CauseCategory {
  return value !== null && (CAUSE_CATEGORIES as readonly string[]).includes(value);
}

/** The directory's state lives in the address (shareable, back button): page, sortBy, category, search. */
export function directoryQueryFromParams(params: URLSearchParams): CauseDirectoryQuery {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const sortBy = params.get('sortBy');
  const category = params.get('category');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: DIRECTORY_PAGE_SIZE,
    sortBy: isCauseSortValue(sortBy) ? sortBy : 'created_at:desc',
    category: isCategory(category) ? category : undefined,
    search: params.get('search')?.trim() || undefined,
  };
}
