import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  BOOKING_GROUP_CLAUSES,
  BOOKING_GROUPS,
  BOOKING_LIST_FILTER_GROUPS,
  bookingListFilterClauses,
  type BookingGroup,
  type BookingListFilter,
  type BookingStatusClause,
} from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import { preparedQuery, preparedQueryByShape } from '../../db/prepared-query.ts';
import { bookingEvents, bookingListCounts, bookings, CLIENT_WAITING_STEADY, causes, menus, restaurantProfiles, users, type BookingRow, type NewBookingEventRow, type NewBookingRow } from '../../db/schema/index.ts';
import { searchWords } from '../../lib/search-words.ts';

const restaurantUsers = alias(users, 'restaurant_user');
const clientUsers = alias(users, 'client_user');

/** A booking with what its payload shows of the restaurant, menu, cause (and its owner) and client. */
const recordSelection = {
  booking: bookings,
  restaurant: {
    id: restaurantUsers.id,
    name: sql<string | null>`coalesce(${restaurantProfiles.name}, ${restaurantUsers.name})`,
    slug: restaurantProfiles.slug,
    timezone: restaurantProfiles.timezone,
  },
  menu: { id: menus.id, name: menus.name, price: menus.pricePerHead, minGuests: menus.minGuests },
  cause: { id: causes.id, name: causes.name, slug: causes.slug, ownerId: causes.ownerId },
  client: { id: clientUsers.id, firstName: clientUsers.firstName, lastName: clientUsers.lastName },
};

function selectRecords(db: Executor) {
  return db
    .select(recordSelection)
    .from(bookings)
    .innerJoin(clientUsers, eq(clientUsers.id, bookings.clientId))
    .leftJoin(restaurantUsers, eq(restaurantUsers.id, bookings.restaurantId))
    .leftJoin(restaurantProfiles, eq(restaurantProfiles.restaurantId, bookings.restaurantId))
    .leftJoin(menus, eq(menus.id, bookings.menuId))
    .leftJoin(causes, eq(causes.id, bookings.causeId));
}

export type BookingRecord = Awaited<ReturnType<typeof findBookingRecord>> & {};

// Read by nearly every booking call, payment and ticket email: a five-table join whose plan costs PostgreSQL more than
// running it, so it is planned once per connection (and built once per database handle).
const bookingRecordQuery = preparedQuery((db) =>
  selectRecords(db)
    .where(eq(bookings.id, sql.placeholder('id')))
    .limit(1)
    .prepare('bookings_find_record'),
);

export async function findBookingRecord(db: Executor, id: string) {
  const [row] = await bookingRecordQuery(db).execute({ id });
  return row;
}

/** Locks the booking row until the transaction ends (every change goes through here: concurrent changes queue). */
export async function lockBooking(db: Executor, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

/** The owner of a cause, or undefined when there is no such cause. */
export async function findCauseForBooking(db: Executor, causeId: string) {
  const [row] = await db.select({ id: causes.id, ownerId: causes.ownerId, published: causes.published }).from(causes).where(eq(causes.id, causeId)).limit(1);
  return row;
}

export async function insertBooking(db: Executor, values: NewBookingRow): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  return row!;
}

export async function updateBookingRow(db: Executor, { id, values }: { id: string; values: Partial<NewBookingRow> }): Promise<BookingRow> {
  const [row] = await db.update(bookings).set(values).where(eq(bookings.id, id)).returning();
  return row!;
}

export async function deleteBookingRow(db: Executor, id: string): Promise<void> {
  await db.delete(bookings).where(eq(bookings.id, id));
}

export async function insertBookingEvent(db: Executor, values: NewBookingEventRow): Promise<void> {
  await db.insert(bookingEvents).values(values);
}

/** The booking's timeline, oldest first, with the person behind each change (none for the payment provider and jobs). */
export async function listBookingEvents(db: Executor, bookingId: string) {
  return db
    .select({ event: bookingEvents, user: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
    .from(bookingEvents)
    .leftJoin(users, eq(users.id, bookingEvents.actorUserId))
    .where(eq(bookingEvents.bookingId, bookingId))
    .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id));
}

// ---------------------------------------------------------------- lists

/** Whose bookings a list shows: the viewer's as client, at the restaurants it acts for, and (a cause) for its causes. */
export type BookingScope = {
  viewerId: string;
  /** Whether the viewer can organise bookings (a guest or a manager): only then does `client_id` need checking. */
  organiser: boolean;
  restaurantIds: readonly string[];
  causeOwner: boolean;
  /** Only this restaurant (one the viewer acts for). */
  restaurantId?: string;
};

/**
 * A client's draft is its unfinished request: the restaurant side sees it once it is submitted. A host event's draft
 * is the team's own work at its restaurant, so the team sees it as a draft.
 */
const submitted = sql`${bookings.status} <> 'DRAFT'`;
const visibleToRestaurantSide = or(submitted, eq(bookings.hostEvent, true))!;

/** What the scope's SQL text depends on (its values aside): one prepared statement per shape. */
type ScopeShape = { organiser: boolean; restaurants: 'none' | 'one' | 'many'; causeOwner: boolean; oneRestaurant: boolean };
const scopeShapeOf = (scope: BookingScope): ScopeShape => ({
  organiser: scope.organiser,
  restaurants: scope.restaurantIds.length === 0 ? 'none' : scope.restaurantIds.length === 1 ? 'one' : 'many',
  causeOwner: scope.causeOwner,
  oneRestaurant: Boolean(scope.restaurantId),
});
const scopeShapeName = (shape: ScopeShape) => `${Number(shape.organiser)}${shape.restaurants[0]}${Number(shape.causeOwner)}${Number(shape.oneRestaurant)}`;

/**
 * The scope's values in its SQL: bound parameters (`boundScope`) in a statement built for one request, or the
 * placeholders of a prepared one (`SCOPE_PLACEHOLDERS`, filled by `scopePlaceholderValues`). The text is the same.
 */
type ScopeValues = { viewerId: SQL; restaurantIds: SQL; firstRestaurantId: SQL; restaurantId: SQL };
const boundScope = (scope: BookingScope): ScopeValues => ({
  viewerId: sql`${scope.viewerId}`,
  restaurantIds: sql`${sql.param([...scope.restaurantIds])}`,
  firstRestaurantId: sql`${scope.restaurantIds[0] ?? null}`,
  restaurantId: sql`${scope.restaurantId ?? null}`,
});
const SCOPE_PLACEHOLDERS: ScopeValues = {
  viewerId: sql`${sql.placeholder('viewerId')}`,
  restaurantIds: sql`${sql.placeholder('restaurantIds')}`,
  firstRestaurantId: sql`${sql.placeholder('firstRestaurantId')}`,
  restaurantId: sql`${sql.placeholder('restaurantId')}`,
};
const scopePlaceholderValues = (scope: BookingScope) => ({
  viewerId: scope.viewerId,
  restaurantIds: [...scope.restaurantIds],
  firstRestaurantId: scope.restaurantIds[0] ?? null,
  restaurantId: scope.restaurantId ?? null,
});

/**
 * The restaurants a viewer acts for: one (a seller, most managers) as an equality, which the party indexes serve in
 * list order, also in a prepared statement's generic plan; several as one array parameter (`= any`, which PostgreSQL
 * before 17 cannot read in order from the index: it sorts the matches, as it did for an IN list).
 */
const amongRestaurants = (column: typeof bookings.restaurantId | typeof bookingListCounts.restaurantId, { shape, values }: { shape: ScopeShape; values: ScopeValues }) =>
  shape.restaurants === 'one' ? sql`${column} = ${values.firstRestaurantId}::uuid` : sql`${column} = any(${values.restaurantIds}::uuid[])`;

function scopeCondition(shape: ScopeShape, values: ScopeValues): SQL {
  if (shape.oneRestaurant) return and(sql`${bookings.restaurantId} = ${values.restaurantId}::uuid`, or(visibleToRestaurantSide, sql`${bookings.clientId} = ${values.viewerId}::uuid`))!;
  // A seller's or cause's list then has a single party column, which the party indexes serve in list order.
  const parts: SQL[] = shape.organiser ? [sql`${bookings.clientId} = ${values.viewerId}::uuid`] : [];
  if (shape.restaurants !== 'none') parts.push(and(amongRestaurants(bookings.restaurantId, { shape, values }), visibleToRestaurantSide)!);
  if (shape.causeOwner) {
    parts.push(and(sql`${bookings.causeId} in ${ownedCauses(values.viewerId)}`, submitted)!);
  }
  return parts.length > 0 ? or(...parts)! : sql`false`;
}

/**
 * A status clause on `booking_list_counts` rows, which keep status and suggestion rather than the group (so its rows
 * need no migration if the groups change; `bookings.list_group` is generated from the same clauses).
 */
function countedStatusClause(clause: BookingStatusClause): SQL {
  const status = eq(bookingListCounts.status, clause.status);
  if (clause.suggestion === 'present') return and(status, bookingListCounts.hasSuggestion)!;
  if (clause.suggestion === 'absent') return and(status, sql`not ${bookingListCounts.hasSuggestion}`)!;
  return status;
}

const countedGroupCondition = (group: BookingGroup) => or(...BOOKING_GROUP_CLAUSES[group].map(countedStatusClause))!;

function countedFilterCondition(filter: BookingListFilter): SQL | undefined {
  if (filter === 'ALL') return undefined;
  return or(...bookingListFilterClauses(filter).map(countedStatusClause));
}

/** A list filter on the stored `list_group` (one group each but ALL): one equality the party group indexes serve in order. */
function filterCondition(filter: BookingListFilter): SQL | undefined {
  if (filter === 'ALL') return undefined;
  return inArray(bookings.listGroup, [...BOOKING_LIST_FILTER_GROUPS[filter]]);
}

const ownedCauses = (viewerId: SQL) => sql`(select ${causes.id} from ${causes} where ${causes.ownerId} = ${viewerId}::uuid)`;

/**
 * The viewer's whole list as `booking_list_counts` rows (kept by the bookings triggers): its lists as client, as each
 * restaurant it acts for and as each cause it owns, less the overlap of the first two (its own bookings at restaurants
 * it acts for, which both count). Restaurants' lists are disjoint (a booking has one restaurant), causes' too.
 * Undefined when the sums would not be exact: one restaurant (`restaurant_id`: the client part is then narrowed by
 * restaurant, which the counts do not keep) or a cause's list next to another (overlaps the counts do not keep; no
 * role has both today). `sign` is -1 on the overlap rows, 1 on the others.
 */
function countedScope(shape: ScopeShape, values: ScopeValues): { where: SQL; sign: SQL } | undefined {
  if (shape.oneRestaurant) return undefined;
  const restaurants = shape.restaurants !== 'none';
  if (shape.causeOwner && (shape.organiser || restaurants)) return undefined;
  const counts = bookingListCounts;
  const lists: SQL[] = [];
  const byClient = sql`${counts.clientId} = ${values.viewerId}::uuid`;
  if (shape.organiser) lists.push(and(byClient, isNull(counts.restaurantId), isNull(counts.causeId))!);
  if (restaurants) lists.push(and(isNull(counts.clientId), amongRestaurants(counts.restaurantId, { shape, values }), isNull(counts.causeId))!);
  if (shape.causeOwner) lists.push(and(isNull(counts.clientId), isNull(counts.restaurantId), sql`${counts.causeId} in ${ownedCauses(values.viewerId)}`)!);
  if (!(shape.organiser && restaurants)) return { where: lists.length > 0 ? or(...lists)! : sql`false`, sign: sql`1` };
  const overlap = and(byClient, amongRestaurants(counts.restaurantId, { shape, values }))!;
  return { where: or(...lists, overlap)!, sign: sql`(case when ${overlap} then -1 else 1 end)` };
}

/**
 * Bookings in the viewer's whole list (`filter`), from the counts: the sum of a few rows, whatever the list's length.
 * A prepared statement per shape; undefined for a scope the counts cannot sum (see `countedScope`).
 */
const countedTotalQuery = preparedQueryByShape(
  (shape: ScopeShape & { filter: BookingListFilter }) => `bookings_counted_${scopeShapeName(shape)}_${shape.filter.toLowerCase()}`,
  (db, shape, name) => {
    const counted = countedScope(shape, SCOPE_PLACEHOLDERS);
    if (!counted) return undefined;
    return db
      .select({ total: sql<number>`coalesce(sum(${counted.sign} * ${bookingListCounts.bookings}), 0)::int` })
      .from(bookingListCounts)
      .where(and(counted.where, countedFilterCondition(shape.filter)))
      .prepare(name);
  },
);

/**
 * Accented letters (either case) and their plain lower-case forms (Latin-1, Latin Extended, Vietnamese), so "bep"
 * finds "Bếp" in SQL as `searchWords` does in code. Translated before `lower`, which may know only ASCII.
 */
const FOLD_TABLE = (() => {
  let from = '';
  let to = '';
  const ranges: [number, number][] = [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ];
  for (const [start, end] of ranges) {
    for (let code = start; code <= end; code++) {
      const letter = String.fromCodePoint(code);
      const [plain] = searchWords(letter);
      if (plain?.length === 1 && /^[a-z]$/.test(plain)) {
        from += letter;
        to += plain;
      }
    }
  }
  return { from, to };
})();

const folded = (text: SQL) => sql`lower(translate(coalesce(${text}, ''), ${FOLD_TABLE.from}, ${FOLD_TABLE.to}))`;

/** Every word of the search appears (anywhere, accents ignored) in the title, the restaurant's name or the cause's name. */
function searchCondition(search: string | undefined): SQL | undefined {
  const words = searchWords(search ?? '').slice(0, 8);
  if (words.length === 0) return undefined;
  const restaurantName = sql`coalesce(${restaurantProfiles.name}, ${restaurantUsers.name})`;
  return and(
    ...words.map((word) => {
      const pattern = `%${word}%`;
      return sql`(${folded(sql`${bookings.title}`)} like ${pattern} or ${folded(restaurantName)} like ${pattern} or ${folded(sql`${causes.name}`)} like ${pattern})`;
    }),
  );
}

/** When waiting is measured: `now`, and the end of an event that started `eventDurationHours` before. */
export type NeedsActionClock = { now: Date; eventsStartedBefore: Date };

/**
 * `bookingNeedsAction` (packages/shared) as SQL for the viewer: as the client (or a host event's organiser), and as
 * the restaurant side for the restaurants it acts for. The stored `waits_for_*` columns hold the rule's parts that do
 * not move with the clock (their partial indexes hold each party's candidates); the deadlines and the event's end
 * are checked here. The two must agree (the list tests compare them).
 */
function needsActionCondition(scope: BookingScope, { now, eventsStartedBefore }: NeedsActionClock): SQL {
  const open = (deadline: typeof bookings.responseDueAt | typeof bookings.depositDueAt) => or(isNull(deadline), sql`${deadline} > ${now}`)!;
  // A confirmed event not marked complete waits (with tickets sold) only once it is over.
  const overIfUnmarked = or(ne(bookings.status, 'CONFIRMED'), isNotNull(bookings.completionMarkedAt), lte(bookings.date, eventsStartedBefore))!;
  const asClient = and(eq(bookings.clientId, scope.viewerId), bookings.waitsForClient, or(ne(bookings.status, 'ACCEPTED'), open(bookings.depositDueAt)), overIfUnmarked)!;
  const restaurantIds = scope.restaurantId ? [scope.restaurantId] : scope.restaurantIds;
  if (restaurantIds.length === 0) return asClient;
  const asRestaurant = and(
    ne(bookings.clientId, scope.viewerId),
    inArray(bookings.restaurantId, [...restaurantIds]),
    bookings.waitsForRestaurant,
    or(ne(bookings.status, 'PENDING'), open(bookings.responseDueAt)),
    overIfUnmarked,
  )!;
  return scope.organiser ? or(asClient, asRestaurant)! : asRestaurant;
}

/**
 * `needsActionCondition` for a whole list (no search, not one restaurant, not a cause alone: then every waiting row is
 * in the scope) as disjoint parts whose counts add up to its total, each read from its own partial index alone
 * (`bookings_*_waiting_{deposit,over,steady,response}_idx`) with the clock as a range on the key after the party: a
 * deposit or response window still open (`due > now`, or no deadline), an event over (`date <= eventsStartedBefore`),
 * and what waits whatever the time. The candidates are never fetched from the table, so the count costs a walk of
 * index entries instead of a row read per candidate. Undefined when the parts would not be exact.
 */
function waitingParts(scope: BookingScope, { now, eventsStartedBefore }: NeedsActionClock): SQL[] | undefined {
  if (scope.restaurantId || !(scope.organiser || scope.restaurantIds.length > 0)) return undefined;
  const parts: SQL[] = [];
  if (scope.organiser) {
    const client = sql`${bookings.clientId} = ${scope.viewerId} and ${bookings.waitsForClient}`;
    const accepted = sql`${client} and ${bookings.status} = 'ACCEPTED'`;
    parts.push(
      sql`${accepted} and ${bookings.depositDueAt} > ${now}`,
      sql`${accepted} and ${bookings.depositDueAt} is null`,
      sql`${client} and ${bookings.status} = 'CONFIRMED' and ${bookings.completionMarkedAt} is null and ${bookings.date} <= ${eventsStartedBefore}`,
      sql`${client} and ${CLIENT_WAITING_STEADY}`,
    );
  }
  if (scope.restaurantIds.length > 0) {
    // Of a restaurant's candidates (waits_for_restaurant: PENDING, or CONFIRMED unmarked with tickets), the viewer's own are its client side's.
    const restaurant = sql`${inArray(bookings.restaurantId, [...scope.restaurantIds])} and ${bookings.clientId} <> ${scope.viewerId} and ${bookings.waitsForRestaurant}`;
    const pending = sql`${restaurant} and ${bookings.status} = 'PENDING'`;
    parts.push(
      sql`${pending} and ${bookings.responseDueAt} > ${now}`,
      sql`${pending} and ${bookings.responseDueAt} is null`,
      sql`${restaurant} and ${bookings.status} = 'CONFIRMED' and ${bookings.date} <= ${eventsStartedBefore}`,
    );
  }
  return parts;
}

/** The sum of the parts' counts, in one statement. */
async function countWaiting(db: Executor, parts: SQL[]): Promise<number> {
  const counts = sql.join(
    parts.map((part) => sql`(select count(*) from ${bookings} where ${part})`),
    sql` + `,
  );
  const [row] = await db.select({ total: sql<number>`(${counts})::int` }).from(sql`(select 1) as one`);
  return row?.total ?? 0;
}

export type BookingListOptions = {
  scope: BookingScope;
  filter: BookingListFilter;
  search?: string;
  needsAction?: NeedsActionClock;
  sort: { field: 'updated_at' | 'date'; direction: 'asc' | 'desc' };
  page: number;
  limit: number;
};

/** Each sort's ORDER BY, and its exact reverse (the same index read backwards), matching the party indexes. */
const LIST_ORDERS = {
  updated_at: {
    forward: [sql`${bookings.updatedAt} desc nulls last`, sql`${bookings.id} desc nulls last`],
    backward: [sql`${bookings.updatedAt} asc nulls first`, sql`${bookings.id} asc nulls first`],
  },
  date: {
    forward: [sql`${bookings.date} asc nulls last`, sql`${bookings.id} asc nulls last`],
    backward: [sql`${bookings.date} desc nulls first`, sql`${bookings.id} desc nulls first`],
  },
} as const;

/** Bookings matching `where`, counted row by row. */
async function countMatches(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(bookings)
    .leftJoin(restaurantUsers, eq(restaurantUsers.id, bookings.restaurantId))
    .leftJoin(restaurantProfiles, eq(restaurantProfiles.restaurantId, bookings.restaurantId))
    .leftJoin(causes, eq(causes.id, bookings.causeId))
    .where(where);
  return row?.total ?? 0;
}

/**
 * One page of the viewer's bookings and the number of matches. Latest: `updated_at desc, id desc`; Event Date:
 * `date asc, id asc` (drafts without a date last): the order of the party indexes, NULLS LAST like them (a plain
 * DESC means NULLS FIRST, which those indexes cannot serve: every matching row would be sorted). A page in the back
 * half of the list is read from the other end of the index and reversed, so the last page costs what the first does
 * instead of skipping every row before it.
 */
export async function listBookingRecords(db: Executor, options: BookingListOptions) {
  const shape = scopeShapeOf(options.scope);
  // The plain list (no search, not needs_action: most requests) runs prepared statements; the others are built here.
  const plain = !options.search && !options.needsAction;
  const where = plain
    ? undefined
    : and(scopeCondition(shape, boundScope(options.scope)), filterCondition(options.filter), searchCondition(options.search), options.needsAction ? needsActionCondition(options.scope, options.needsAction) : undefined);
  const placeholders = scopePlaceholderValues(options.scope);
  // needs_action (which follows the clock) is counted from its partial indexes alone; a search (which reads every row
  // of the list anyway) row by row.
  const waiting = options.needsAction && !options.search && options.filter === 'ALL' ? waitingParts(options.scope, options.needsAction) : undefined;
  const total = plain ? await plainListTotal(db, { shape: { ...shape, filter: options.filter }, placeholders }) : waiting ? await countWaiting(db, waiting) : await countMatches(db, where);
  const offset = (options.page - 1) * options.limit;
  if (offset >= total) return { rows: [], total };
  const fromEnd = offset > total / 2;
  const window = { limit: fromEnd ? Math.min(options.limit, total - offset) : options.limit, offset: fromEnd ? Math.max(0, total - offset - options.limit) : offset };
  const rows = plain
    ? await plainPageQuery(db, { ...shape, filter: options.filter, field: options.sort.field, fromEnd }).execute({ ...placeholders, ...window })
    : await selectRecords(db)
        .where(where)
        .orderBy(...(fromEnd ? LIST_ORDERS[options.sort.field].backward : LIST_ORDERS[options.sort.field].forward))
        .limit(window.limit)
        .offset(window.offset);
  return { rows: fromEnd ? rows.reverse() : rows, total };
}

/** The plain list's shapes: the scope's, the filter, and the sort read forwards or from the end. */
type PlainListShape = ScopeShape & { filter: BookingListFilter };
const plainListName = (shape: PlainListShape) => `${scopeShapeName(shape)}_${shape.filter.toLowerCase()}`;
const plainWhere = (shape: PlainListShape) => and(scopeCondition(shape, SCOPE_PLACEHOLDERS), filterCondition(shape.filter));

/** A plain list the counts cannot sum (one restaurant: its client side is not kept apart), counted row by row. */
const plainCountQuery = preparedQueryByShape(
  (shape: PlainListShape) => `bookings_count_${plainListName(shape)}`,
  (db, shape, name) => db.select({ total: count() }).from(bookings).where(plainWhere(shape)).prepare(name),
);

/** A plain list's total: from the triggers' counts for a whole list, else row by row (`plainCountQuery`). */
async function plainListTotal(db: Executor, { shape, placeholders }: { shape: PlainListShape; placeholders: ReturnType<typeof scopePlaceholderValues> }): Promise<number> {
  const query = countedTotalQuery(db, shape) ?? plainCountQuery(db, shape);
  const [row] = await query.execute(placeholders);
  return row?.total ?? 0;
}

const plainPageQuery = preparedQueryByShape(
  (shape: PlainListShape & { field: BookingListOptions['sort']['field']; fromEnd: boolean }) => `bookings_page_${plainListName(shape)}_${shape.field}${shape.fromEnd ? '_back' : ''}`,
  (db, shape, name) =>
    selectRecords(db)
      .where(plainWhere(shape))
      .orderBy(...(shape.fromEnd ? LIST_ORDERS[shape.field].backward : LIST_ORDERS[shape.field].forward))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
);

/**
 * The viewer's bookings counted per list group (docs/product.md, Booking lifecycle; from the counts for whole lists, see `countedScope`), and how
 * many wait for it (always counted here: waiting depends on the time).
 */
export async function countBookingGroups(db: Executor, { scope, clock }: { scope: BookingScope; clock: NeedsActionClock }): Promise<{ groups: Record<BookingGroup, number>; needsAction: number }> {
  const shape = scopeShapeOf(scope);
  const values = boundScope(scope);
  const counted = countedScope(shape, values);
  const needsAction = sql<number>`(count(*) filter (where ${needsActionCondition(scope, clock)}))::int`;
  if (!counted) {
    const counts = Object.fromEntries(BOOKING_GROUPS.map((group) => [group, sql<number>`(count(*) filter (where ${eq(bookings.listGroup, group)}))::int`]));
    const [row] = await db.select({ ...counts, needsAction }).from(bookings).where(scopeCondition(shape, values));
    const { needsAction: waiting, ...groups } = row as Record<string, number>;
    return { groups: groups as Record<BookingGroup, number>, needsAction: waiting ?? 0 };
  }
  const sums = Object.fromEntries(
    BOOKING_GROUPS.map((group) => [group, sql<number>`coalesce(sum(${counted.sign} * ${bookingListCounts.bookings}) filter (where ${countedGroupCondition(group)}), 0)::int`]),
  );
  const [groups] = await db.select(sums).from(bookingListCounts).where(counted.where);
  const parts = waitingParts(scope, clock);
  if (parts) return { groups: groups as Record<BookingGroup, number>, needsAction: await countWaiting(db, parts) };
  const [waiting] = await db.select({ needsAction: sql<number>`count(*)::int` }).from(bookings).where(and(scopeCondition(shape, values), needsActionCondition(scope, clock)));
  return { groups: groups as Record<BookingGroup, number>, needsAction: waiting?.needsAction ?? 0 };
}

// ---------------------------------------------------------------- deadlines

/** Bookings whose `action` is due at `now`, locked for this transaction; rows another transaction holds are skipped. */
export async function lockDueBookings(db: Executor, { due, limit }: { due: SQL; limit: number }): Promise<BookingRow[]> {
  return db.select().from(bookings).where(due).orderBy(asc(bookings.id)).limit(limit).for('update', { skipLocked: true });
}

/** The changes the scheduler makes (the `system` rows of docs/product.md, Booking lifecycle). */
export const SYSTEM_DEADLINES = ['response-timeout', 'deposit-timeout', 'auto-complete', 'no-tickets-sweep'] as const;
export type SystemDeadline = (typeof SYSTEM_DEADLINES)[number];

/**
 * Which rows `deadline` applies to at `now` (each served by a partial index): the state machine decides again per
 * row. `autoCompleteMarkedBefore` and `eventsStartedBefore` are `now` minus the configured durations.
 */
export function dueCondition(deadline: SystemDeadline, at: { now: Date; autoCompleteMarkedBefore: Date; eventsStartedBefore: Date }): SQL {
  switch (deadline) {
    case 'response-timeout':
      return and(eq(bookings.status, 'PENDING'), lte(bookings.responseDueAt, at.now))!;
    case 'deposit-timeout':
      return and(eq(bookings.status, 'ACCEPTED'), lte(bookings.depositDueAt, at.now))!;
    case 'auto-complete':
      return and(eq(bookings.status, 'CONFIRMED'), isNull(bookings.completionOutcome), lte(bookings.completionMarkedAt, at.autoCompleteMarkedBefore))!;
    case 'no-tickets-sweep':
      return and(eq(bookings.status, 'CONFIRMED'), isNull(bookings.completionMarkedAt), eq(bookings.ticketsSold, 0), lte(bookings.date, at.eventsStartedBefore))!;
  }
}

/** The deadlines a party is reminded of before they pass: the restaurant's answer and the organiser's deposit. */
export const REMINDED_DEADLINES = {
  response: { status: 'PENDING', column: bookings.responseDueAt },
  deposit: { status: 'ACCEPTED', column: bookings.depositDueAt },
} as const;
export type RemindedDeadline = keyof typeof REMINDED_DEADLINES;

/** Bookings waiting on `deadline` that falls in (`after`, `until`] (served by the same partial indexes as the timeouts). */
export async function listApproachingDeadlines(db: Executor, { deadline, after, until }: { deadline: RemindedDeadline; after: Date; until: Date }): Promise<{ id: string; dueAt: Date }[]> {
  const { status, column } = REMINDED_DEADLINES[deadline];
  const rows = await db
    .select({ id: bookings.id, dueAt: column })
    .from(bookings)
    .where(and(eq(bookings.status, status), gt(column, after), lte(column, until)));
  return rows.flatMap((row) => (row.dueAt ? [{ id: row.id, dueAt: row.dueAt }] : []));
}

/** The deadline a booking waits on now, if it is `deadline` (null otherwise). */
export function waitingDeadline(row: BookingRow, deadline: RemindedDeadline): Date | null {
  if (row.status !== REMINDED_DEADLINES[deadline].status) return null;
  return deadline === 'response' ? row.responseDueAt : row.depositDueAt;
}

// ---------------------------------------------------------------- emails

/**
 * What a booking's change emails need besides the booking: the restaurant's address, the client and the seller
 * (their address and language), and how many history events the booking has (the invitation's SEQUENCE).
 */
export async function findEmailContext(db: Executor, row: BookingRow) {
  const [parties] = await db
    .select({
      restaurant: { name: sql<string | null>`coalesce(${restaurantProfiles.name}, ${restaurantUsers.name})`, address: restaurantProfiles.address, city: restaurantProfiles.city, timezone: restaurantProfiles.timezone },
      client: { id: clientUsers.id, email: clientUsers.email, firstName: clientUsers.firstName, lastName: clientUsers.lastName, language: clientUsers.language, deletedAt: clientUsers.deletedAt },
      seller: { id: restaurantUsers.id, email: restaurantUsers.email, firstName: restaurantUsers.firstName, language: restaurantUsers.language, deletedAt: restaurantUsers.deletedAt },
      revision: sql<number>`(select count(*)::int from ${bookingEvents} where ${bookingEvents.bookingId} = ${row.id})`,
    })
    .from(bookings)
    .innerJoin(clientUsers, eq(clientUsers.id, bookings.clientId))
    .leftJoin(restaurantUsers, eq(restaurantUsers.id, bookings.restaurantId))
    .leftJoin(restaurantProfiles, eq(restaurantProfiles.restaurantId, bookings.restaurantId))
    .where(eq(bookings.id, row.id));
  return parties!;
}
