import type { Me } from '@goodtable/shared';
import type { UserRow } from '../../db/schema/index.ts';

/** The user as the API shows it to themselves (docs/product.md, Entities: "User (me)"); never the password hash. */
export function presentMe(row: UserRow): Me {
  return {
    id: row.id,
    role: row.role,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    location: row.location,
    timezone: row.timezone,
    avatar: row.avatar,
    is_verified: row.isVerified,
    is_hidden_email_verified: row.isHiddenEmailVerified,
    is_hidden_payment_verified: row.isHiddenPaymentVerified,
    connected_account_id: row.connectedAccountId,
    // The full number and SWIFT code of a hand-entered account stay on the server (manual payouts).
    bank: row.bank.map(({ account_name, bsb, account_number_last4, country, bank_name }) => ({
      account_name,
      bsb,
      account_number_last4,
      country,
      ...(bank_name ? { bank_name } : {}),
    })),
    country_not_listed: row.countryNotListed,
    published: row.published,
    biography: row.biography,
    fkUser: row.parentUserId,
    name: row.name,
    language: row.language,
    created_at: row.createdAt.toISOString(),
  };
}
