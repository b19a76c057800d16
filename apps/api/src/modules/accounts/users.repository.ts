import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { users, type UserRow } from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;

// Every signed-in page asks for its viewer (`GET /v1/me`): built once, then only executed.
const userByIdQuery = preparedQuery((db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('users_find_by_id'),
);

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await userByIdQuery(db).execute({ id });
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** True when another account (deleted ones included: the unique index covers them) already uses `email`. */
export async function isEmailTaken(db: Executor, { email, exceptUserId }: { email: string; exceptUserId?: string }): Promise<boolean> {
  const conditions = [sql`lower(${users.email}) = lower(${email})`];
  if (exceptUserId) conditions.push(ne(users.id, exceptUserId));
  const [row] = await db.select({ id: users.id }).from(users).where(and(...conditions)).limit(1);
  return row !== undefined;
}

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Executor, { id, values }: { id: string; values: Partial<NewUser> }): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}
