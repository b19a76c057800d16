import type { Executor } from './client.ts';

/**
 * A statement built once per database handle and then only executed: drizzle otherwise builds a query's SQL text on
 * every call, which on the hottest reads (`/v1/me`) cost more CPU than the driver's own work. The SQL takes its
 * values through `sql.placeholder(...)`; `name` makes it a named prepared statement on PostgreSQL (parsed once per
 * connection). A transaction is a handle of its own, so inside one the statement is built for that transaction.
 */
export function preparedQuery<Query>(build: (db: Executor) => Query): (db: Executor) => Query {
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
