import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The payments lists' queries, in raw SQL over payments, donations, the ledger and bookings. Movements' amounts come
 * from ledger entries (docs/ledger contract: purposes and kinds), payments' from the rows the ledger charged; a
 * client's own payment rows (their status, also before any money moved) come from the payments table.
 */

/** Whose money a restaurant-side or cause list shows: the restaurants acted for, or the cause owner. */
export type EarnerScope = { restaurantIds: readonly string[]; causeOwnerId: string | null };

export type ListWindow = { bookingId?: string; limit: number; offset: number };

export type PaymentListRow = {
  id: string;
  payment_id: string | null;
  booking_id: string | null;
  type: string;
  amount: string;
  currency: string;
  status: string;
  created_at: Date | string;
  booking_title: string | null;
  booking_date: Date | string | null;
  restaurant_id: string | null;
  restaurant_name: string | null;
  cause_id: string | null;
  cause_name: string | null;
  /** A cause's donation row: the gift as its owner reads it. */
  donation_id: string | null;
  donor_name: string | null;
  donor_message: string | null;
  donor_anonymous: boolean | null;
  donation_cause_id: string | null;
  donation_cause_name: string | null;
  total: number;
};

// Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`.
async function rows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** `column in (ids)`, false for no ids (an empty `in ()` is not SQL). */
function inIds(column: SQL, ids: readonly string[]): SQL {
  return ids.length === 0 ? sql`false` : sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/** What the ledger refunded of a payment (its `refund` transactions' payer legs). */
const refundedOf = (paymentId: SQL) => sql`coalesce((select sum(re.amount) from ledger_transactions rt
  join ledger_entries re on re.transaction_id = rt.id
  join ledger_accounts ra on ra.id = re.account_id and ra.purpose = 'payer'
  where rt.payment_id = ${paymentId} and rt.kind = 'refund'), 0)`;

/**
 * Refunds owed to a client that the provider has not made yet (its call failed after the change committed, and waits
 * for its retry): listed as `processing` REFUND rows, so the payer sees the refund is on its way. They move no ledger
 * money yet, so no total counts them.
 */
const pendingRefundItems = (where: SQL) => sql`
    select r.id, r.payment_id, r.booking_id, 'REFUND', r.amount::bigint, r.currency, 'processing', r.created_at, null::uuid
    from refunds r join payments p on p.id = r.payment_id
    where r.status = 'pending' and ${where}`;

const bookingFilter = (column: SQL, bookingId: string | undefined) => (bookingId ? sql`${column} = ${bookingId}::uuid` : sql`true`);

/** The earner's ledger accounts: restaurant earnings of the restaurants acted for, or the cause owner's cause earnings. */
function earnerAccounts(scope: EarnerScope): SQL {
  const cause = scope.causeOwnerId ? sql`(purpose = 'cause_earnings' and owner_id = ${scope.causeOwnerId}::uuid)` : sql`false`;
  return sql`select id from ledger_accounts where (purpose = 'restaurant_earnings' and ${inIds(sql`owner_id`, scope.restaurantIds)}) or ${cause}`;
}

/**
 * What of a payment goes back to its payer: refunds made and refunds owed (the provider not reached yet). For the
 * restaurant, money owed back is no longer held for it, even before the provider returns it.
 */
const refundedOrOwedOf = (paymentId: SQL) => sql`coalesce((select sum(r.amount) from refunds r where r.payment_id = ${paymentId}), 0)`;

/** Whether the booking's money was shared out (settled, or its deposit forfeited). */
const settledBooking = (bookingId: SQL) => sql`exists (select 1 from ledger_transactions s where s.booking_id = ${bookingId} and s.kind in ('settlement', 'forfeit'))`;

/**
 * An earner's rows, only money that is its own (docs/decisions/0141-money-pages-of-their-own.md): for a restaurant,
 * its clients' payments for its bookings, which the platform holds until the booking settles (`held`, not income;
 * `settled` after, or `refunded` once owed back in full); for a cause owner, its causes' paid donations (an event's `held` until the event
 * settles, then `settled`: the settlement share includes them; one without an event `succeeded`, credited at once);
 * and the movements of its own earnings accounts (settlement shares, forfeits, payouts). Attendees' tickets and
 * refunds to clients are not the earner's money: not listed.
 */
function earnerItems(scope: EarnerScope, bookingId: string | undefined): SQL {
  const cause = scope.causeOwnerId ? sql`c.owner_id = ${scope.causeOwnerId}::uuid` : sql`false`;
  return sql`
    select p.id, p.id as payment_id, p.booking_id, p.type, p.amount::bigint as amount, p.currency,
      case when ${refundedOrOwedOf(sql`p.id`)} >= p.amount then 'refunded' when ${settledBooking(sql`p.booking_id`)} then 'settled' else 'held' end as status,
      t.created_at, null::uuid as donation_id
    from ledger_transactions t
    join payments p on p.id = t.payment_id
    join bookings b on b.id = t.booking_id
    where t.kind in ('charge', 'balance_charge') and p.type not in ('CREDIT_CARD_TICKETS', 'CREDIT_CARD_DONATION')
      and ${inIds(sql`b.restaurant_id`, scope.restaurantIds)} and ${bookingFilter(sql`b.id`, bookingId)}
    union all
    select p.id, p.id as payment_id, d.booking_id, p.type, d.amount::bigint, d.currency,
      case when d.booking_id is null then 'succeeded' when ${settledBooking(sql`d.booking_id`)} then 'settled' else 'held' end,
      t.created_at, d.id
    from donations d
    join causes c on c.id = d.cause_id
    join payments p on p.id = d.payment_id
    join ledger_transactions t on t.payment_id = p.id and t.kind = 'charge'
    where d.status = 'paid' and ${cause} and ${bookingFilter(sql`d.booking_id`, bookingId)}
    union all
    select t.id, t.payment_id, t.booking_id, upper(t.kind), abs(sum(e.amount)), e.currency,
      case when t.kind = 'payout' then 'paid' else 'succeeded' end, t.created_at, null::uuid
    from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
    where e.account_id in (${earnerAccounts(scope)}) and t.kind in ('settlement', 'forfeit', 'payout')
      and ${bookingFilter(sql`t.booking_id`, bookingId)}
    group by t.id, e.currency`;
}

/** A client's rows: its payments that reached the provider (any outcome), and the refunds to it (made or owed). */
function payerItems(payerId: string, bookingId: string | undefined): SQL {
  return sql`
    select p.id, p.id as payment_id, p.booking_id, p.type, p.amount::bigint as amount, p.currency,
      case when p.status = 'succeeded' and ${refundedOf(sql`p.id`)} >= p.amount then 'refunded' else p.status end as status, p.created_at,
      null::uuid as donation_id
    from payments p
    where p.payer_id = ${payerId}::uuid and p.status <> 'requires_payment_method' and ${bookingFilter(sql`p.booking_id`, bookingId)}
    union all
    select t.id, t.payment_id, t.booking_id, 'REFUND', sum(e.amount), e.currency, 'succeeded', t.created_at, null::uuid
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id and a.purpose = 'payer' and a.owner_id = ${payerId}::uuid
    where t.kind = 'refund' and ${bookingFilter(sql`t.booking_id`, bookingId)}
    group by t.id, e.currency
    union all ${pendingRefundItems(sql`p.payer_id = ${payerId}::uuid and ${bookingFilter(sql`r.booking_id`, bookingId)}`)}`;
}

/** One page of rows, newest first, with the booking each concerns and the count of all rows. */
async function pageOf(db: Executor, { items, window }: { items: SQL; window: ListWindow }): Promise<{ rows: PaymentListRow[]; total: number }> {
  const page = await rows<PaymentListRow>(
    db,
    sql`with items as (${items})
    select i.id, i.payment_id, i.booking_id, i.type, i.amount::text as amount, i.currency, i.status, i.created_at,
      b.title as booking_title, b.date as booking_date, b.restaurant_id, coalesce(rp.name, ru.name) as restaurant_name,
      c.id as cause_id, c.name as cause_name, d.id as donation_id, d.name as donor_name, d.message as donor_message,
      d.anonymous as donor_anonymous, dc.id as donation_cause_id, dc.name as donation_cause_name, count(*) over ()::int as total
    from items i
    left join bookings b on b.id = i.booking_id
    left join users ru on ru.id = b.restaurant_id
    left join restaurant_profiles rp on rp.restaurant_id = b.restaurant_id
    left join causes c on c.id = b.cause_id
    left join donations d on d.id = i.donation_id
    left join causes dc on dc.id = d.cause_id
    order by i.created_at desc, i.id desc
    limit ${window.limit} offset ${window.offset}`,
  );
  if (page.length > 0 || window.offset === 0) return { rows: page, total: page[0]?.total ?? 0 };
  // Past the last page: the count still says how many there are.
  const [count] = await rows<{ total: number }>(db, sql`select count(*)::int as total from (${items}) i`);
  return { rows: page, total: count?.total ?? 0 };
}

export function listEarnerItems(db: Executor, { scope, window }: { scope: EarnerScope; window: ListWindow }) {
  return pageOf(db, { items: earnerItems(scope, window.bookingId), window });
}

export function listPayerItems(db: Executor, { payerId, window }: { payerId: string; window: ListWindow }) {
  return pageOf(db, { items: payerItems(payerId, window.bookingId), window });
}

export type EarnerMonthRow = { month: string; currency: string; received: string; earned: string; paid_out: string; held: string };

/**
 * An earner's rows summed per month (UTC) and currency, so the totals are the sums of the rows listed: which total a
 * row adds to is `earnerRowTotal` (packages/shared); `received` the payments listed (deposits, donations) not refunded.
 */
export async function earnerMonths(db: Executor, { scope, bookingId }: { scope: EarnerScope; bookingId: string | undefined }): Promise<EarnerMonthRow[]> {
  return rows<EarnerMonthRow>(
    db,
    sql`with items as (${earnerItems(scope, bookingId)})
    select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month, currency,
      coalesce(sum(amount) filter (where type not in ('SETTLEMENT', 'FORFEIT', 'PAYOUT') and status <> 'refunded'), 0)::text as received,
      coalesce(sum(amount) filter (where status = 'held'), 0)::text as held,
      coalesce(sum(amount) filter (where type in ('SETTLEMENT', 'FORFEIT') or (type = 'CREDIT_CARD_DONATION' and status = 'succeeded')), 0)::text as earned,
      coalesce(sum(amount) filter (where type = 'PAYOUT'), 0)::text as paid_out
    from items
    group by 1, 2
    order by 1, 2`,
  );
}

/** A client's payer-account sums per currency: what it paid (charges) and what came back (refunds). */
export async function payerTotals(db: Executor, { payerId, bookingId }: { payerId: string; bookingId: string | undefined }) {
  return rows<{ currency: string; paid: string; refunded: string }>(
    db,
    sql`select e.currency,
      coalesce(-sum(e.amount) filter (where e.amount < 0), 0)::text as paid,
      coalesce(sum(e.amount) filter (where e.amount > 0), 0)::text as refunded
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id and a.purpose = 'payer' and a.owner_id = ${payerId}::uuid
    join ledger_transactions t on t.id = e.transaction_id
    where ${bookingFilter(sql`t.booking_id`, bookingId)}
    group by e.currency
    order by e.currency`,
  );
}

export type ReceiptRow = {
  paid_at: Date | string | null;
  refunded: string;
  payer_first_name: string;
  payer_last_name: string;
  payer_email: string;
  payer_language: 'en' | 'vn';
  booking_title: string | null;
  booking_date: Date | string | null;
  booking_guests: number | null;
  restaurant_id: string | null;
  restaurant_name: string | null;
  restaurant_address: string | null;
  restaurant_city: string | null;
  restaurant_timezone: string | null;
  cause_id: string | null;
  cause_name: string | null;
};

/** What a payment's receipt shows besides the payment: when it was charged, refunds of it, the payer and the booking's parties. */
export async function findReceiptDetails(db: Executor, paymentId: string): Promise<ReceiptRow | undefined> {
  const [row] = await rows<ReceiptRow>(
    db,
    sql`select
      (select min(t.created_at) from ledger_transactions t where t.payment_id = p.id and t.kind in ('charge', 'balance_charge')) as paid_at,
      (select coalesce(sum(e.amount), 0)::text from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.purpose = 'payer'
        where t.payment_id = p.id and t.kind = 'refund') as refunded,
      u.first_name as payer_first_name, u.last_name as payer_last_name, u.email as payer_email, u.language as payer_language,
      b.title as booking_title, b.date as booking_date, b.guests as booking_guests,
      b.restaurant_id, coalesce(rp.name, ru.name) as restaurant_name, rp.address as restaurant_address, rp.city as restaurant_city,
      coalesce(rp.timezone, ru.timezone) as restaurant_timezone, c.id as cause_id, c.name as cause_name
    from payments p
    join users u on u.id = p.payer_id
    join bookings b on b.id = p.booking_id
    left join users ru on ru.id = b.restaurant_id
    left join restaurant_profiles rp on rp.restaurant_id = b.restaurant_id
    left join causes c on c.id = b.cause_id
    where p.id = ${paymentId}::uuid`,
  );
  return row;
}
