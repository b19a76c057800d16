/**
 * Payments benchmark, on PostgreSQL (a throw-away database on DATABASE_URL's server): seeds
 * BENCH_BOOKINGS ACCEPTED bookings (one restaurant, BENCH_CLIENTS clients), then over real HTTP on loopback with
 * BENCH_CONCURRENCY requests in flight:
 * 1. pays every deposit: `POST /v1/bookings/{id}/payments` then `POST /v1/payments/{id}/confirm` (card 4242…),
 * 2. moves the business clock past the events (`/dev/clock`), the restaurant marks every event complete, and
 * 3. the clients confirm completion at once: each confirm settles its booking (balance charge, settlement, refund)
 *    in the transition's transaction,
 * reporting throughput and p50/p95 of each step, then runs `ledger:check` on the database (exit 1 on a problem).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:payments
 *   BENCH_BOOKINGS=100 BENCH_CONCURRENCY=8 DATABASE_URL=… npm run bench:payments     # a quicker run
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { inArray } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadEnv } from '../apps/api/src/config/env.ts';
import type { Database } from '../apps/api/src/db/client.ts';
import { bookings } from '../apps/api/src/db/schema/index.ts';
import { checkLedger } from '../apps/api/src/modules/payments/payments.service.ts';
import { createTestDatabase } from '../apps/api/test/support/test-database.ts';
import { BENCH_PASSWORD, envNumber, percentile, seedBenchParties } from './bench-support.ts';
import { testCard } from '@goodtable/shared';

const BOOKINGS = envNumber('BENCH_BOOKINGS', { fallback: 400, min: 10, max: 20_000 });
const CLIENTS = envNumber('BENCH_CLIENTS', { fallback: 20, min: 1, max: 1_000 });
const CONCURRENCY = envNumber('BENCH_CONCURRENCY', { fallback: 16, min: 1, max: 256 });
const DAY = 24 * 3_600_000;
const GUESTS = 20;
const MENU_PRICE = 6_500;

type Parties = { restaurantId: string; menuId: string; causeId: string; clientIds: string[] };

async function seedParties(db: Database): Promise<Parties> {
  const clients = Array.from({ length: CLIENTS }, (_, i) => ({ email: `bench-payer-${i}@bench.example`, lastName: `Payer ${i}` }));
  const { restaurantId, menuId, causeIds, clientIds } = await seedBenchParties(db, { clients, menuPrice: MENU_PRICE, causes: ['Reef'] });
  return { restaurantId, menuId, causeId: causeIds[0]!, clientIds };
}

/** Bookings the restaurant accepted, awaiting their deposit, their events a month ahead of `now`. */
async function seedAcceptedBookings(db: Database, { parties, now }: { parties: Parties; now: number }): Promise<{ id: string; clientId: string }[]> {
  const rows = Array.from({ length: BOOKINGS }, (_, i) => ({
    clientId: parties.clientIds[i % CLIENTS]!,
    restaurantId: parties.restaurantId,
    menuId: parties.menuId,
    causeId: parties.causeId,
    status: 'ACCEPTED' as const,
    date: new Date(now + 30 * DAY + i * 60_000),
    guests: GUESTS,
    title: `Bench dinner ${i}`,
    story: 'A benchmark booking.',
    ticketPrice: 9_000,
    currency: 'AUD',
    depositDueAt: new Date(now + 2 * DAY),
  }));
  return db.insert(bookings).values(rows).returning({ id: bookings.id, clientId: bookings.clientId }) as Promise<{ id: string; clientId: string }[]>;
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(new URL('/v1/auth/sign-in', baseUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: BENCH_PASSWORD }) });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return ((await response.json()) as { token: { access_token: string } }).token.access_token;
}

/** A JSON call that must answer `expected`; its body. */
async function call<T>(
  baseUrl: string,
  { method, pathname, token, body, expected, headers = {} }: { method: string; pathname: string; token: string | null; body: unknown; expected: number; headers?: Record<string, string> },
): Promise<T> {
  const response = await fetch(new URL(pathname, baseUrl), {
    method,
    headers: { ...(method === 'GET' ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

type Step = { name: string; operations: number; seconds: number; timings: number[] };

/** Runs `work` for every item with `CONCURRENCY` in flight; each item's time and the step's wall time. */
async function concurrently<T>(name: string, { items, work }: { items: readonly T[]; work: (item: T) => Promise<void> }): Promise<Step> {
  const timings: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      const begun = performance.now();
      await work(item);
      timings.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  timings.sort((a, b) => a - b);
  return { name, operations: items.length, seconds: (performance.now() - started) / 1000, timings };
}

function printSteps(steps: Step[], ledger: string): void {
  console.log(`\nPostgreSQL; ${BOOKINGS} bookings, ${CLIENTS} clients, ${CONCURRENCY} requests in flight, loopback HTTP; ${ledger}\n`);
  console.log('| step | operations | throughput /s | p50 ms | p95 ms | max ms |');
  console.log('|---|---|---|---|---|---|');
  for (const step of steps) {
    const cells = [step.name, String(step.operations), (step.operations / step.seconds).toFixed(1), percentile(step.timings, 50).toFixed(1), percentile(step.timings, 95).toFixed(1), step.timings.at(-1)!.toFixed(1)];
    console.log(`| ${cells.join(' | ')} |`);
  }
}

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error('DATABASE_URL is not set: this benchmark runs on PostgreSQL (a throw-away database on that server).');
    process.exit(1);
  }
  const connection = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-bench-'));
  try {
    const parties = await seedParties(connection.db);
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', WEB_DIST_DIR: '', AUTH_RATE_LIMIT_MAX: '100000', ACCOUNT_RATE_LIMIT_MAX: '100000' });
    const app = await buildApp({ env: { ...env, WEB_DIST_DIR: '' }, database: connection });
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const booked = await seedAcceptedBookings(connection.db, { parties, now: app.clock.now().getTime() });
      const clientTokens = new Map<string, string>();
      const signInEveryone = async () => {
        for (const [i, clientId] of parties.clientIds.entries()) clientTokens.set(clientId, await signIn(baseUrl, `bench-payer-${i}@bench.example`));
        return signIn(baseUrl, 'bench-restaurant@bench.example');
      };
      await signInEveryone();
      console.log(`${BOOKINGS} ACCEPTED bookings seeded`);

      const steps: Step[] = [];
      steps.push(
        await concurrently('deposit: create + confirm (card)', { items: booked, work: async (booking) => {
          const token = clientTokens.get(booking.clientId)!;
          const payment = await call<{ id: string }>(baseUrl, { method: 'POST', pathname: `/v1/bookings/${booking.id}/payments`, token, body: { type: 'CREDIT_CARD_DEPOSIT' }, expected: 201, headers: { 'idempotency-key': randomUUID() } });
          const confirmed = await call<{ status: string }>(baseUrl, { method: 'POST', pathname: `/v1/payments/${payment.id}/confirm`, token, body: { card: testCard() }, expected: 200, headers: {
            'idempotency-key': randomUUID(),
          } });
          if (confirmed.status !== 'succeeded') throw new Error(`payment ${payment.id} ${confirmed.status}`);
        } }),
      );

      // Marking an event complete needs sold tickets on the counter (set directly, without buying); no ticket money.
      await connection.db.update(bookings).set({ ticketsSold: 1 }).where(inArray(bookings.id, booked.map((booking) => booking.id)));
      await call(baseUrl, { method: 'POST', pathname: '/dev/clock', token: null, body: { advance_ms: 31 * DAY }, expected: 200 });
      // A month later on the business clock the sessions have expired: everyone signs in again.
      const restaurantToken = await signInEveryone();
      steps.push(await concurrently('restaurant marks complete', { items: booked, work: (booking) => call(baseUrl, { method: 'POST', pathname: `/v1/bookings/${booking.id}/mark-complete`, token: restaurantToken, body: {}, expected: 200 }) }));
      steps.push(
        await concurrently('settlement: client reads the preview, confirms completion', { items: booked, work: async (booking) => {
          const token = clientTokens.get(booking.clientId)!;
          // As the booking page does: the amount shown first, then confirmed (a balance is refused without it).
          const preview = await call<{ client_charge: number }>(baseUrl, { method: 'GET', pathname: `/v1/bookings/${booking.id}/settlement-preview`, token, body: null, expected: 200 });
          const done = await call<{ status: string }>(baseUrl, { method: 'POST', pathname: `/v1/bookings/${booking.id}/confirm-complete`, token, body: { expected_charge: preview.client_charge }, expected: 200 });
          if (done.status !== 'COMPLETED') throw new Error(`booking ${booking.id} ${done.status}`);
        } }),
      );

      const report = await checkLedger(connection.db);
      for (const problem of report.problems) console.error(`ledger: ${problem}`);
      const ledger = `ledger:check: ${report.transactions} transactions, ${report.accounts} accounts, ${report.problems.length} problems`;
      printSteps(steps, ledger);
      if (report.problems.length > 0) process.exitCode = 1;
    } finally {
      await app.close();
    }
  } finally {
    await connection.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
