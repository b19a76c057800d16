import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * ORDER BY terms for a public directory: the sort key, then the id as tie-breaker, both NULLS LAST because the
 * directory indexes are built that way. (PostgreSQL's default for DESC is NULLS FIRST, which such an index cannot
 * serve: the query would sort every published row instead of reading the index.)
 */
export function directoryOrder(key: SQL | AnyPgColumn, id: AnyPgColumn, direction: 'asc' | 'desc'): SQL[] {
  const order = direction === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  return [sql`${key} ${order}`, sql`${id} ${order}`];
}
