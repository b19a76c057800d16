import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { CauseCategory } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import { paged } from '../../db/paged.ts';
import { preparedQueryByShape } from '../../db/prepared-query.ts';
import { causes, type CauseRow, type NewCauseRow } from '../../db/schema/index.ts';
import { prefixTsQuery, searchWords } from '../../lib/search-words.ts';
import { directoryOrder, pageWindow } from '../../db/directory-order.ts';

export type CauseSort = { field: 'created_at' | 'name'; direction: 'asc' | 'desc' };

function orderBy(sort: CauseSort, options: { backward?: boolean } = {}): SQL[] {
  return directoryOrder({ key: sort.field === 'name' ? sql`lower(${causes.name})` : causes.createdAt, id: causes.id, direction: sort.direction, ...options });
}

/** What `causes.search_text` holds for a cause: the words of its name and story. */
export function causeSearchText(values: { name: string; story: string }): string {
  return searchWords(`${values.name} ${values.story}`).join(' ');
}

/** Word-prefix full-text query from free text: "hope kit" → `hope:* & kit:*`; undefined when no word is left. */
export function toPrefixTsQuery(search: string | undefined): string | undefined {
  return prefixTsQuery(searchWords(search ?? ''));
}

export async function insertCause(db: Executor, values: NewCauseRow): Promise<CauseRow> {
  const [row] = await db.insert(causes).values(values).returning();
  return row!;
}

export async function findCauseById(db: Executor, id: string): Promise<CauseRow | undefined> {
  const [row] = await db.select().from(causes).where(eq(causes.id, id)).limit(1);
  return row;
}

export async function findCauseBySlug(db: Executor, slug: string): Promise<CauseRow | undefined> {
  const [row] = await db.select().from(causes).where(eq(causes.slug, slug)).limit(1);
  return row;
}

export async function isCauseSlugTaken(db: Executor, { slug, exceptId }: { slug: string; exceptId?: string }): Promise<boolean> {
  const conditions = [eq(causes.slug, slug)];
  if (exceptId) conditions.push(sql`${causes.id} <> ${exceptId}`);
  const [row] = await db.select({ id: causes.id }).from(causes).where(and(...conditions)).limit(1);
  return row !== undefined;
}

export async function updateCause(db: Executor, { id, values }: { id: string; values: Partial<NewCauseRow> }): Promise<CauseRow | undefined> {
  const [row] = await db
    .update(causes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(causes.id, id))
    .returning();
  return row;
}

export async function deleteCause(db: Executor, id: string): Promise<void> {
  await db.delete(causes).where(eq(causes.id, id));
}

/** A user's causes; `publishedOnly` for anyone but the owner. */
export async function listCausesOfOwner(db: Executor, options: { ownerId: string; publishedOnly: boolean; limit: number; sort: CauseSort }): Promise<CauseRow[]> {
  const conditions = [eq(causes.ownerId, options.ownerId)];
  if (options.publishedOnly) conditions.push(eq(causes.published, true));
  return db
    .select()
    .from(causes)
    .where(and(...conditions))
    .orderBy(...orderBy(options.sort))
    .limit(options.limit);
}

export type DirectoryQuery = { page: number; limit: number; sort: CauseSort; category?: CauseCategory; search?: string };

/** What the directory's SQL text depends on; the category and the search words go in as placeholders. */
type DirectoryShape = { category: boolean; search: boolean; sort: CauseSort; backward: boolean };
const directoryShapeName = (prefix: string, shape: DirectoryShape) =>
  `${prefix}_${Number(shape.category)}${Number(shape.search)}_${shape.sort.field}_${shape.sort.direction}${shape.backward ? '_back' : ''}`;

function directoryWhere(shape: Pick<DirectoryShape, 'category' | 'search'>): SQL | undefined {
  // `published` as a bare boolean predicate so the planner matches the partial indexes' `WHERE published`.
  const conditions: SQL[] = [sql`${causes.published}`];
  if (shape.category) conditions.push(sql`${causes.category} = ${sql.placeholder('category')}`);
  if (shape.search) conditions.push(sql`${causes.searchVector} @@ to_tsquery('simple', ${sql.placeholder('tsQuery')})`);
  return and(...conditions);
}

const directoryPageQuery = preparedQueryByShape(
  (shape: DirectoryShape) => directoryShapeName('causes_page', shape),
  (db, shape, name) =>
    db
      .select()
      .from(causes)
      .where(directoryWhere(shape))
      .orderBy(...orderBy(shape.sort, shape))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
);

const directoryCountQuery = preparedQueryByShape(
  (shape: Pick<DirectoryShape, 'category' | 'search'>) => `causes_count_${Number(shape.category)}${Number(shape.search)}`,
  (db, shape, name) => db.select({ total: count() }).from(causes).where(directoryWhere(shape)).prepare(name),
);

/**
 * One page of the public directory (published causes only) and the number of matches. The first page and its count
 * run together; a later page counts first, so that a page in the back half is read from the other end of the index
 * (`pageWindow`): the last page costs what the first does instead of an OFFSET past every published row. Both are
 * prepared statements per shape (`preparedQueryByShape`): the directory is among the most requested reads.
 */
export async function listPublishedCauses(db: Executor, query: DirectoryQuery): Promise<{ rows: CauseRow[]; total: number }> {
  const tsQuery = toPrefixTsQuery(query.search);
  const filters = { category: query.category !== undefined, search: tsQuery !== undefined };
  const values = { category: query.category, tsQuery };
  const offset = (query.page - 1) * query.limit;
  const select = (window: { offset: number; limit: number; backward: boolean }) =>
    directoryPageQuery(db, { ...filters, sort: query.sort, backward: window.backward }).execute({ ...values, limit: window.limit, offset: window.offset });
  const counted = directoryCountQuery(db, filters).execute(values);
  if (offset === 0) return paged(select({ offset, limit: query.limit, backward: false }), counted);
  const total = (await counted)[0]?.total ?? 0;
  const window = pageWindow({ offset, limit: query.limit, total });
  if (!window) return { rows: [], total };
  const rows = await select(window);
  return { rows: window.backward ? rows.reverse() : rows, total };
}
