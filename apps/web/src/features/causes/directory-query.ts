import { CAUSE_CATEGORIES, CAUSE_SORT_OPTIONS, PUBLIC_DIRECTORY_PAGE_SIZE } from '@goodtable/shared';
import { oneOf, searchFromParams, sortFromParams } from '../../lib/directory-params.ts';
import type { CauseDirectoryQuery } from './causes-api.ts';

export const DIRECTORY_PAGE_SIZE = PUBLIC_DIRECTORY_PAGE_SIZE;

/** The directory's state lives in the address (shareable, back button): page, sortBy, category, search. */
export function directoryQueryFromParams(params: URLSearchParams): CauseDirectoryQuery {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: DIRECTORY_PAGE_SIZE,
    sortBy: sortFromParams({ params, options: CAUSE_SORT_OPTIONS, fallback: 'created_at:desc' }),
    category: oneOf(params.get('category'), CAUSE_CATEGORIES),
    search: searchFromParams(params),
  };
}
