import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A `bank` entry (docs/product.md, Entities). Entered by hand (`country_not_listed`), it also keeps what a manual payout needs
 * (`bank_name`, `swift_code`, the full `account_number`); the API shows only the last four digits.
 */
export type StoredBankAccount = {
  account_name: string;
  bsb: string | null;
  account_number_last4: string;
  country: string;
  bank_name?: string;
  swift_code?: string;
  account_number?: string;
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: text('role', { enum: ['user', 'seller', 'manager', 'cause'] }).notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Restaurant (seller) or organisation name. */
    name: text('name'),
    location: text('location'),
    timezone: text('timezone').notNull().default('Australia/Sydney'),
    language: text('language', { enum: ['en', 'vn'] }).notNull().default('en'),
    avatar: text('avatar'),
    biography: text('biography'),
    isVerified: boolean('is_verified').notNull().default(false),
    isHiddenEmailVerified: boolean('is_hidden_email_verified').notNull().default(false),
    isHiddenPaymentVerified: boolean('is_hidden_payment_verified').notNull().default(false),
    connectedAccountId: text('connected_account_id'),
    bank: jsonb('bank').$type<StoredBankAccount[]>().notNull().default(sql`'[]'::jsonb`),
    countryNotListed: boolean('country_not_listed').notNull().default(false),
    published: boolean('published').notNull().default(false),
    /** Parent manager of a sub-manager (`fkUser` in docs/product.md, Entities). */
    parentUserId: uuid('parent_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_parent_user_id_idx').on(table.parentUserId),
  ],
);
export type UserRow = typeof users.$inferSelect;
