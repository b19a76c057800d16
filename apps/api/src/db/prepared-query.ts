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

/**
 * `preparedQuery` for a query whose SQL text follows a few choices (which filters are set, the sort, the direction it
 * is read in): one statement per shape, built once per database handle the first time that shape is asked for, named
 * `name(shape)` (short: PostgreSQL keeps 63 characters of a name); every value the visitor chose goes in as a
 * placeholder. The shapes are few (a handful of booleans and enums), so the statements per connection stay few.
 */
export function preparedQueryByShape<Shape, Query>(name: (shape: Shape) => string, build: (db: Executor, shape: Shape, name: string) => Query): (db: Executor, shape: Shape) => Query {
  const built = new WeakMap<Executor, Map<string, Query>>();
  return (db, shape) => {
    let byShape = built.get(db);
    if (!byShape) {
      byShape = new Map();
      built.set(db, byShape);
    }
    const key = name(shape);
    let query = byShape.get(key);
    if (!query) {
      query = build(db, shape, key);
      byShape.set(key, query);
    }
    return query;
  };
}

/**
 * One `build(deps)` per database handle (one per app instance), made the first time that handle's deps ask for it:
 * the batches that writers of one app share (tickets.ts, payments.service.ts). Later callers get the first one's,
 * so `deps` must hold only the app's dependencies, none of a request's.
 */
export function perDatabaseHandle<Deps extends { db: Executor }, Built>(build: (deps: Deps) => Built): (deps: Deps) => Built {
  const built = new WeakMap<Executor, Built>();
  return (deps) => {
    let value = built.get(deps.db);
    if (value === undefined) {
      value = build(deps);
      built.set(deps.db, value);
    }
    return value;
  };
}
