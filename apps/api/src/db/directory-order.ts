import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * ORDER BY terms for a public directory: the sort key, then the id as tie-breaker, both NULLS LAST because the
 * directory indexes are built that way. (PostgreSQL's default for DESC is NULLS FIRST, which such an index cannot
 * serve: the query would sort every published row instead of reading the index.) `backward`: the exact reverse
 * (`desc nulls first` for `asc nulls last`), which is the same index read from its other end.
 */
export function directoryOrder({ key, id, direction, backward }: { key: SQL | AnyPgColumn; id: AnyPgColumn; direction: 'asc' | 'desc'; backward?: boolean }): SQL[] {
  const ascending = (direction === 'asc') !== Boolean(backward);
  const nulls = backward ? sql`nulls first` : sql`nulls last`;
  const order = ascending ? sql`asc ${nulls}` : sql`desc ${nulls}`;
  return [sql`${key} ${order}`, sql`${id} ${order}`];
}

/**
 * Which rows to read for the page at `offset` of a list of `total` rows: a page in the back half is read from the other
 * end of the index (backward order, the rows then reversed), so the last page skips a few rows instead of every row
 * before it; the middle page is the deepest, at half the list. Undefined past the end.
 */
export function pageWindow(options: { offset: number; limit: number; total: number }): { offset: number; limit: number; backward: boolean } | undefined {
  const { offset, limit, total } = options;
  if (offset >= total) return undefined;
  if (offset <= total / 2) return { offset, limit, backward: false };
  return { offset: Math.max(0, total - offset - limit), limit: Math.min(limit, total - offset), backward: true };
}
