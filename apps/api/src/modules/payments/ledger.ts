import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index.ts';

/**
 * The double-entry ledger (docs/product.md, Money). Every money movement is one transaction whose entries sum to zero per
 * currency, written with the caller's executor so it commits (or not) with the state it explains. Balances are
 * derived from entries, never stored.
 */

/** What an account is for (docs/decisions/0063-double-entry-ledger.md). `payer`: money a user paid in
 * (its balance goes negative as it pays); `platform_holding`: money the platform holds until settlement (deposits,
 * up-front fees); `restaurant_earnings` / `cause_earnings`: what the restaurant's seller / the cause's owner earned and
 * was not yet paid out; `platform_fees`: the platform's fee; `paid_out`: what left to an earner's bank. */
export const LEDGER_PURPOSES = ['payer', 'platform_holding', 'restaurant_earnings', 'cause_earnings', 'platform_fees', 'paid_out'] as const;
export type LedgerPurpose = (typeof LEDGER_PURPOSES)[number];

/** An account: a user's (`ownerId`) or the platform's (`ownerId` null), for one purpose in one currency. */
export type LedgerAccountKey = { ownerId: string | null; purpose: LedgerPurpose; currency: string };
export type LedgerLeg = { account: LedgerAccountKey; amount: number };
/** The kinds of movement (ledger contract): each is checked by `checkLedger` against the rows it explains. */
export type LedgerKind = 'charge' | 'refund' | 'settlement' | 'forfeit' | 'balance_charge' | 'payout' | 'donation';
export type LedgerMovement = {
  kind: LedgerKind;
  paymentId?: string;
  bookingId?: string;
  refundId?: string;
  payoutId?: string;
  createdAt: Date;
  legs: readonly LedgerLeg[];
};

export class UnbalancedLedgerTransaction extends Error {}

async function findLedgerAccountId(db: Executor, key: LedgerAccountKey): Promise<string | undefined> {
  const owner = key.ownerId === null ? isNull(ledgerAccounts.ownerId) : eq(ledgerAccounts.ownerId, key.ownerId);
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(owner, eq(ledgerAccounts.purpose, key.purpose), eq(ledgerAccounts.currency, key.currency)));
  return row?.id;
}

/**
 * The account's id, creating it on first use (concurrent first uses agree on one row: the loser's insert waits for
 * the winner and does nothing, then finds its row). Looked up first: almost every movement uses accounts that
 * exist, and each statement saved is one round trip in every money transaction.
 */
export async function ledgerAccountId(db: Executor, key: LedgerAccountKey): Promise<string> {
  const existing = await findLedgerAccountId(db, key);
  if (existing) return existing;
  await db.insert(ledgerAccounts).values(key).onConflictDoNothing();
  return (await findLedgerAccountId(db, key))!;
}

/** A leg's account id as a scalar subquery (null while the account does not exist), for the statement that writes it. */
function accountIdSubquery(key: LedgerAccountKey) {
  const owner = key.ownerId === null ? sql`owner_id is null` : sql`owner_id = ${key.ownerId}::uuid`;
  return sql`(select id from ${ledgerAccounts} where ${owner} and purpose = ${key.purpose}::text and currency = ${key.currency}::text)`;
}

/**
 * Writes one movement; throws (writing nothing) unless its legs are integers summing to zero per currency. The
 * transaction row and its entries go in one statement, each leg's account found by its key (a movement is written
 * inside the money transactions of every sale: each statement saved is a round trip). A leg whose account does not
 * exist yet is written afterwards, its account created on first use.
 */
export async function postLedgerTransaction(db: Executor, movement: LedgerMovement): Promise<string> {
  const [transactionId] = await postLedgerTransactions(db, [movement]);
  return transactionId!;
}

/** `postLedgerTransaction` of several movements (a batch of ticket sales) in one statement; their ids, in order. */
export async function postLedgerTransactions(db: Executor, movements: readonly LedgerMovement[]): Promise<string[]> {
  if (movements.length === 0) return [];
  for (const movement of movements) assertBalanced(movement);
  const ids = movements.map(() => crypto.randomUUID());
  const rows = movements.map(
    (movement, index) => sql`(${ids[index]}::uuid, ${movement.kind}::text, ${movement.paymentId ?? null}::uuid, ${movement.bookingId ?? null}::uuid,
              ${movement.refundId ?? null}::uuid, ${movement.payoutId ?? null}::uuid, ${movement.createdAt.toISOString()}::timestamptz)`,
  );
  const legs = movements.flatMap((movement, index) => movement.legs.map((leg) => sql`(${ids[index]}::uuid, ${accountIdSubquery(leg.account)}, ${leg.amount}::bigint, ${leg.account.currency}::text)`));
  const result = await db.execute(sql`
    with inserted as (
      insert into ${ledgerTransactions} (id, kind, payment_id, booking_id, refund_id, payout_id, created_at)
      values ${sql.join(rows, sql`, `)}
      returning id
    )
    insert into ${ledgerEntries} (transaction_id, account_id, amount, currency)
    select inserted.id, legs.account_id, legs.amount, legs.currency
    from inserted join (values ${sql.join(legs, sql`, `)}) as legs (transaction_id, account_id, amount, currency) on legs.transaction_id = inserted.id
    where legs.account_id is not null
    returning transaction_id, account_id`);
  // Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`.
  const written = (result as unknown as { rows: { transaction_id: string; account_id: string }[] }).rows;
  if (written.length < legs.length) {
    const missing = [];
    for (const [index, movement] of movements.entries()) {
      const accounts = written.filter((row) => row.transaction_id === ids[index]).map((row) => row.account_id);
      if (accounts.length === movement.legs.length) continue;
      for (const leg of movement.legs) {
        const accountId = await ledgerAccountId(db, leg.account);
        const at = accounts.indexOf(accountId);
        if (at >= 0) accounts.splice(at, 1);
        else missing.push({ transactionId: ids[index]!, accountId, amount: leg.amount, currency: leg.account.currency });
      }
    }
    await db.insert(ledgerEntries).values(missing);
  }
  return ids;
}

function assertBalanced(movement: LedgerMovement): void {
  const sums = new Map<string, number>();
  for (const leg of movement.legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) throw new UnbalancedLedgerTransaction(`A ${movement.kind} leg is not a non-zero integer`);
    sums.set(leg.account.currency, (sums.get(leg.account.currency) ?? 0) + leg.amount);
  }
  if (movement.legs.length < 2 || [...sums.values()].some((sum) => sum !== 0)) {
    throw new UnbalancedLedgerTransaction(`The ${movement.kind} entries do not sum to zero per currency`);
  }
}

/** An account's balance: the sum of its entries (0 for an account never used). */
export async function ledgerBalance(db: Executor, key: LedgerAccountKey): Promise<number> {
  const owner = key.ownerId === null ? isNull(ledgerAccounts.ownerId) : eq(ledgerAccounts.ownerId, key.ownerId);
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(owner, eq(ledgerAccounts.purpose, key.purpose), eq(ledgerAccounts.currency, key.currency)));
  return Number(row?.balance ?? 0);
}

export type LedgerCheckReport = { transactions: number; accounts: number; problems: string[] };

/**
 * `npm run ledger:check`: every transaction has at least two entries summing to zero per currency; every entry is in
 * its account's currency; the balances of all accounts sum to zero per currency; and the ledger matches the rows it
 * explains: payments (one charge each, or one balance_charge), refunds, payouts, settlements and forfeits (see the
 * comments below).
 */
export async function checkLedger(db: Executor): Promise<LedgerCheckReport> {
  const problems: string[] = [];
  // Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`.
  const rows = async <Row>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

  for (const row of await rows<{ transaction_id: string; currency: string; total: string }>(sql`
    select transaction_id, currency, sum(amount)::text as total from ledger_entries
    group by transaction_id, currency having sum(amount) <> 0`)) {
    problems.push(`transaction ${row.transaction_id} sums to ${row.total} ${row.currency}`);
  }
  for (const row of await rows<{ id: string; legs: number }>(sql`
    select t.id, count(e.id)::int as legs from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
    group by t.id having count(e.id) < 2`)) {
    problems.push(`transaction ${row.id} has ${row.legs} entries`);
  }
  for (const row of await rows<{ id: string }>(sql`
    select e.id from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.currency <> a.currency`)) {
    problems.push(`entry ${row.id} is not in its account's currency`);
  }
  for (const row of await rows<{ currency: string; total: string }>(sql`
    select currency, sum(amount)::text as total from ledger_entries group by currency having sum(amount) <> 0`)) {
    problems.push(`balances in ${row.currency} sum to ${row.total}`);
  }
  // A succeeded payment has exactly one charge of its amount (the settlement's balance charge: one `balance_charge`).
  for (const row of await rows<{ id: string; status: string; charges: number; charged: string | null; amount: number }>(sql`
    select p.id, p.status, p.amount, count(distinct t.id)::int as charges, sum(e.amount)::text as charged
    from payments p
    left join ledger_transactions t on t.payment_id = p.id
      and t.kind = (case when p.type = 'BECS_DEBIT_BALANCE_FEE' then 'balance_charge' else 'charge' end)
    left join ledger_entries e on e.transaction_id = t.id and e.amount > 0
    group by p.id
    having (p.status = 'succeeded' and (count(distinct t.id) <> 1 or sum(e.amount) <> p.amount))
        or (p.status <> 'succeeded' and count(distinct t.id) > 0)`)) {
    problems.push(`payment ${row.id} (${row.status}, ${row.amount}) has ${row.charges} charge(s) totalling ${row.charged ?? 0}`);
  }
  // Each refund the provider made has exactly one `refund` transaction of its payment returning its amount to the
  // payer, and back; one still pending at the provider has none yet.
  for (const row of await rows<{ id: string; status: string; amount: number; transactions: number; returned: string | null }>(sql`
    select r.id, r.status, r.amount, count(distinct t.id)::int as transactions, sum(e.amount)::text as returned
    from refunds r
    left join ledger_transactions t on t.refund_id = r.id and t.kind = 'refund' and t.payment_id = r.payment_id
    left join ledger_entries e on e.transaction_id = t.id and e.amount > 0
    group by r.id
    having (r.status = 'succeeded' and (count(distinct t.id) <> 1 or sum(e.amount) <> r.amount))
        or (r.status <> 'succeeded' and count(distinct t.id) > 0)`)) {
    problems.push(`refund ${row.id} (${row.status}, ${row.amount}) has ${row.transactions} refund transaction(s) returning ${row.returned ?? 0}`);
  }
  for (const row of await rows<{ id: string }>(sql`
    select t.id from ledger_transactions t where t.kind = 'refund' and (t.refund_id is null or t.payment_id is null)`)) {
    problems.push(`refund transaction ${row.id} has no refund or payment`);
  }
  for (const row of await rows<{ id: string; amount: number; refunded: string }>(sql`
    select p.id, p.amount, sum(r.amount)::text as refunded from payments p join refunds r on r.payment_id = p.id
    group by p.id having sum(r.amount) > p.amount`)) {
    problems.push(`payment ${row.id} (${row.amount}) is refunded ${row.refunded}`);
  }
  // A paid payout has exactly one `payout` transaction moving its amount to paid_out; a pending or failed one none.
  for (const row of await rows<{ id: string; status: string; amount: number; transactions: number; moved: string | null }>(sql`
    select p.id, p.status, p.amount, count(distinct t.id)::int as transactions, sum(e.amount)::text as moved
    from payouts p
    left join ledger_transactions t on t.payout_id = p.id and t.kind = 'payout'
    left join ledger_entries e on e.transaction_id = t.id and e.amount > 0
    group by p.id
    having (p.status = 'paid' and (count(distinct t.id) <> 1 or sum(e.amount) <> p.amount))
        or (p.status <> 'paid' and count(distinct t.id) > 0)`)) {
    problems.push(`payout ${row.id} (${row.status}, ${row.amount}) has ${row.transactions} payout transaction(s) moving ${row.moved ?? 0}`);
  }
  // Settlements are of COMPLETED bookings (and of an INCOMPLETE one's donations, to its cause), forfeits of CANCELED or
  // INCOMPLETE ones; once a booking ended (settled, forfeited, cancelled or INCOMPLETE), the platform holds nothing more
  // of its money: every cent reached an earner or went back.
  for (const row of await rows<{ id: string; kind: string; status: string | null }>(sql`
    select t.id, t.kind, b.status from ledger_transactions t left join bookings b on b.id = t.booking_id
    where (t.kind = 'settlement' and (b.status is null or b.status not in ('COMPLETED', 'INCOMPLETE'))) or (t.kind = 'forfeit' and (b.status is null or b.status not in ('CANCELED', 'INCOMPLETE')))`)) {
    problems.push(`${row.kind} ${row.id} is of a booking ${row.status ?? 'missing'}`);
  }
  for (const row of await rows<{ booking_id: string; currency: string; held: string }>(sql`
    select t.booking_id, e.currency, sum(e.amount)::text as held
    from ledger_transactions t
    join bookings b on b.id = t.booking_id
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id and a.purpose = 'platform_holding'
    where b.status in ('CANCELED', 'INCOMPLETE')
       or exists (select 1 from ledger_transactions s where s.booking_id = b.id and s.kind in ('settlement', 'forfeit'))
    group by t.booking_id, e.currency
    having sum(e.amount) <> 0`)) {
    problems.push(`ended booking ${row.booking_id} still has ${row.held} ${row.currency} in platform holding`);
  }
  // Tickets: a paid checkout's payment succeeded and is not refunded, a refunded one's is refunded in full,
  // a succeeded ticket payment belongs to a paid or refunded checkout; a paid checkout issued one ticket per seat, and
  // no event has more paid tickets than guests booked (never oversold).
  for (const row of await rows<{ id: string; status: string; payment_status: string; amount: number; refunded: string }>(sql`
    select c.id, c.status, p.status as payment_status, p.amount, coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id), 0)::text as refunded
    from ticket_checkouts c join payments p on p.id = c.payment_id
    where (c.status = 'paid' and (p.status <> 'succeeded' or exists (select 1 from refunds r where r.payment_id = p.id)))
       or (c.status = 'refunded' and (p.status <> 'succeeded' or coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id), 0) <> p.amount))
       or (c.status not in ('paid', 'refunded') and p.status = 'succeeded')`)) {
    problems.push(`ticket checkout ${row.id} is ${row.status} but its payment is ${row.payment_status} (${row.amount}, refunded ${row.refunded})`);
  }
  for (const row of await rows<{ id: string; quantity: number; issued: number }>(sql`
    select c.id, c.quantity, (select count(*)::int from tickets t where t.checkout_id = c.id) as issued
    from ticket_checkouts c where c.status in ('paid', 'refunded') and c.quantity <> (select count(*) from tickets t where t.checkout_id = c.id)`)) {
    problems.push(`ticket checkout ${row.id} sold ${row.quantity} but issued ${row.issued} tickets`);
  }
  for (const row of await rows<{ booking_id: string; sold: string; guests: number }>(sql`
    select c.booking_id, sum(c.quantity)::text as sold, b.guests from ticket_checkouts c join bookings b on b.id = c.booking_id
    where c.status = 'paid' group by c.booking_id, b.guests having sum(c.quantity) > b.guests`)) {
    problems.push(`booking ${row.booking_id} sold ${row.sold} tickets for ${row.guests} guests`);
  }
  // Donations: a paid donation's payment succeeded and is not refunded, a refunded one's is refunded in
  // full, a succeeded donation payment's donation is paid or refunded. A donation without an event went to its cause
  // at once: exactly one `donation` transaction moving its amount from holding to the cause's earnings; one for an
  // event has none (its money waits in the event's holding for the settlement).
  for (const row of await rows<{ id: string; status: string; payment_status: string; amount: number }>(sql`
    select d.id, d.status, p.status as payment_status, p.amount
    from donations d join payments p on p.id = d.payment_id
    where (d.status = 'paid' and (p.status <> 'succeeded' or exists (select 1 from refunds r where r.payment_id = p.id)))
       or (d.status = 'refunded' and (p.status <> 'succeeded' or coalesce((select sum(r.amount) from refunds r where r.payment_id = p.id), 0) <> p.amount))
       or (d.status = 'pending' and p.status = 'succeeded')`)) {
    problems.push(`donation ${row.id} is ${row.status} but its payment is ${row.payment_status} (${row.amount})`);
  }
  for (const row of await rows<{ id: string; amount: number; transactions: number; credited: string | null }>(sql`
    select d.id, d.amount, count(distinct t.id)::int as transactions, sum(e.amount)::text as credited
    from donations d
    left join ledger_transactions t on t.payment_id = d.payment_id and t.kind = 'donation'
    left join ledger_entries e on e.transaction_id = t.id and e.amount > 0
      and e.account_id in (select a.id from ledger_accounts a where a.purpose = 'cause_earnings')
    group by d.id
    having (d.status = 'paid' and d.booking_id is null and (count(distinct t.id) <> 1 or sum(e.amount) is distinct from d.amount))
        or ((d.status <> 'paid' or d.booking_id is not null) and count(distinct t.id) > 0)`)) {
    problems.push(`donation ${row.id} (${row.amount}) has ${row.transactions} donation transaction(s) crediting ${row.credited ?? 0}`);
  }
  // Money owed to earners, and what left to their banks, is never negative.
  for (const row of await rows<{ id: string; purpose: string; balance: string }>(sql`
    select a.id, a.purpose, sum(e.amount)::text as balance from ledger_accounts a join ledger_entries e on e.account_id = a.id
    where a.purpose in ('restaurant_earnings', 'cause_earnings', 'paid_out', 'platform_fees')
    group by a.id having sum(e.amount) < 0`)) {
    problems.push(`${row.purpose} account ${row.id} is negative (${row.balance})`);
  }
  const [counts] = await rows<{ transactions: number; accounts: number }>(sql`
    select (select count(*)::int from ledger_transactions) as transactions, (select count(*)::int from ledger_accounts) as accounts`);
  return { transactions: counts?.transactions ?? 0, accounts: counts?.accounts ?? 0, problems };
}
