/**
 * Ticket checkout benchmark, on PostgreSQL (a throw-away database on DATABASE_URL's server): one
 * CONFIRMED event with BENCH_SEATS seats (500) and BENCH_BUYERS guests (2,000) each buying BENCH_TICKETS_EACH ticket(s)
 * over real HTTP on loopback, BENCH_CONCURRENCY (64) requests in flight: `POST /v1/events/{id}/checkouts` (201, or 409
 * once sold out; with an Idempotency-Key, as the web app sends) then `POST /v1/payments/{id}/confirm` (card 4242…)
 * for each hold. Reports tickets sold per second (wall time of the whole run), p50/p95 of both calls, and checks that
 * nothing was oversold: tickets sold = seats, issued tickets = seats, held = 0, every refused buyer got 409, and
 * `ledger:check` is clean (exit 1 otherwise).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:tickets
 *   BENCH_BUYERS=500 BENCH_SEATS=200 DATABASE_URL=… npm run bench:tickets     # a quicker run
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { count, eq, like } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadEnv } from '../apps/api/src/config/env.ts';
import { bookings, causes, devMailbox, menus, restaurantProfiles, tickets, users } from '../apps/api/src/db/schema/index.ts';
import { checkLedger } from '../apps/api/src/modules/payments/payments.service.ts';
import { createTestDatabase } from '../apps/api/test/support/test-database.ts';
import { envNumber, percentile, startCpuMeter } from './bench-support.ts';
import { testCard } from '@goodtable/shared';

const SEATS = envNumber('BENCH_SEATS', { fallback: 500, min: 1, max: 100_000 });
const BUYERS = envNumber('BENCH_BUYERS', { fallback: 2_000, min: 1, max: 100_000 });
const EACH = envNumber('BENCH_TICKETS_EACH', { fallback: 1, min: 1, max: 20 });
const CONCURRENCY = envNumber('BENCH_CONCURRENCY', { fallback: 64, min: 1, max: 512 });
const DAY = 24 * 3_600_000;
const CARD = testCard();

type Answer = { status: number; body: { payment: { id: string }; status: string }; text: string };
// The buyers' client: node:http over kept-alive connections, one per buyer in flight. (fetch, undici, cost the shared
// process about a tenth of its time on the client's side.)
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
function post(baseUrl: string, { pathname, body, headers = {} }: { pathname: string; body: unknown; headers?: Record<string, string> }): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(pathname, baseUrl), { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: response.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as Answer['body'], text });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * Counts the statements the process sends to PostgreSQL (every node-postgres query, BEGIN and COMMIT included) while
 * it runs: a sale's cost on this path grows with its round trips, so the run reports them per ticket.
 */
function startStatementCounter(): { stop: () => number } {
  const query = pg.Client.prototype.query;
  let sent = 0;
  pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
    sent += 1;
    return (query as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return {
    stop: () => {
      pg.Client.prototype.query = query;
      return sent;
    },
  };
}

type Samples = { checkout: string; refusal: string; confirm: string };
type BuyersRun = { samples: Samples; holdTimes: number[]; payTimes: number[]; held: number; refused: number; paid: number; unexpected: string[]; seconds: number; cpu: ReturnType<ReturnType<typeof startCpuMeter>['stop']>; statements: number };

/** The buyers: BUYERS of them, CONCURRENCY in flight, each a checkout then, when it holds tickets, its confirm. */
async function runBuyers(baseUrl: string, eventId: string): Promise<BuyersRun> {
  const holdTimes: number[] = [];
  const payTimes: number[] = [];
  let held = 0;
  let refused = 0;
  let paid = 0;
  const unexpected: string[] = [];
  const samples: Samples = { checkout: '', refusal: '', confirm: '' };
  let next = 0;
  const started = performance.now();
  const cpu = startCpuMeter();
  const statements = startStatementCounter();
  const buyer = async () => {
    while (next < BUYERS) {
      const i = next++;
      const attendees = Array.from({ length: EACH }, (_, n) => `Buyer ${i} guest ${n + 1}`);
      let begun = performance.now();
      // An Idempotency-Key per buyer, as the web app sends.
      const checkout = await post(baseUrl, { pathname: `/v1/events/${eventId}/checkouts`, body: { quantity: EACH, email: `buyer-${i}@bench.example`, attendees, donation: i % 4 === 0 ? 500 : 0 }, headers: { 'idempotency-key': randomUUID() } });
      holdTimes.push(performance.now() - begun);
      if (checkout.status === 409) {
        refused += 1;
        samples.refusal ||= checkout.text;
        continue;
      }
      if (checkout.status !== 201) {
        unexpected.push(`checkout ${checkout.status} ${JSON.stringify(checkout.body)}`);
        continue;
      }
      held += 1;
      samples.checkout ||= checkout.text;
      begun = performance.now();
      const confirm = await post(baseUrl, { pathname: `/v1/payments/${checkout.body.payment.id}/confirm`, body: { card: CARD } });
      payTimes.push(performance.now() - begun);
      samples.confirm ||= confirm.text;
      if (confirm.status === 200 && confirm.body.status === 'succeeded') paid += 1;
      else unexpected.push(`confirm ${confirm.status} ${JSON.stringify(confirm.body)}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, BUYERS) }, buyer));
  const seconds = (performance.now() - started) / 1000;
  holdTimes.sort((a, b) => a - b);
  payTimes.sort((a, b) => a - b);
  return { samples, holdTimes, payTimes, held, refused, paid, unexpected, seconds, cpu: cpu.stop(), statements: statements.stop() };
}

/**
 * The harness's floor on the machine it runs on: the same buyers against a bare Fastify server that keeps the seats in memory
 * and answers each call with the bytes the app answered (a checkout, a refusal, a confirm), with no database and none
 * of the app's work. No code of the sale can sell faster than this here: the app's tickets per second are read
 * against it.
 */
async function floorRun(samples: Samples): Promise<BuyersRun> {
  const floor = Fastify({ logger: false });
  let left = SEATS;
  floor.post('/v1/events/:id/checkouts', async (request, reply) => {
    const { quantity } = request.body as { quantity: number };
    if (left < quantity) return reply.code(409).type('application/json').send(samples.refusal);
    left -= quantity;
    return reply.code(201).type('application/json').send(samples.checkout);
  });
  floor.post('/v1/payments/:id/confirm', async (_request, reply) => reply.code(200).type('application/json').send(samples.confirm));
  const baseUrl = await floor.listen({ host: '127.0.0.1', port: 0 });
  try {
    return await runBuyers(baseUrl, randomUUID());
  } finally {
    await floor.close();
  }
}

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error('DATABASE_URL is not set: this benchmark runs on PostgreSQL (a throw-away database on that server).');
    process.exit(1);
  }
  const connection = await createTestDatabase();
  const db = connection.db;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-bench-'));
  try {
    const [client] = await db.insert(users).values({ email: 'bench-organiser@bench.example', role: 'user', firstName: 'Bench', lastName: 'Organiser' }).returning({ id: users.id });
    const [seller] = await db.insert(users).values({ email: 'bench-restaurant@bench.example', role: 'seller', firstName: 'Bench', lastName: 'Seller', name: 'Bench Bistro' }).returning({ id: users.id });
    const [owner] = await db.insert(users).values({ email: 'bench-cause@bench.example', role: 'cause', firstName: 'Bench', lastName: 'Cause' }).returning({ id: users.id });
    await db.insert(restaurantProfiles).values({ restaurantId: seller!.id, name: 'Bench Bistro', slug: 'bench-bistro', address: '1 Bench Street', city: 'Melbourne', currency: 'AUD', timezone: 'Australia/Melbourne', published: true });
    const [menu] = await db.insert(menus).values({ restaurantId: seller!.id, name: 'Set menu', pricePerHead: 6_500, currency: 'AUD', minGuests: 10, maxGuests: SEATS }).returning({ id: menus.id });
    const [cause] = await db.insert(causes).values({ ownerId: owner!.id, name: 'Reef Foundation', slug: 'bench-reef', category: 'community', published: true }).returning({ id: causes.id });

    // As in production (NODE_ENV=test checks every fast-serialised answer against zod's too), with the dev mailbox for
    // the buyers' emails.
    const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production', DEV_MAILBOX: 'true', WEB_DIST_DIR: '', AUTH_RATE_LIMIT_MAX: '100000', ACCOUNT_RATE_LIMIT_MAX: '100000' });
    const app = await buildApp({ env: { ...env, WEB_DIST_DIR: '' }, database: connection });
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const [event] = await db
        .insert(bookings)
        .values({
          clientId: client!.id,
          restaurantId: seller!.id,
          menuId: menu!.id,
          causeId: cause!.id,
          status: 'CONFIRMED',
          date: new Date(app.clock.now().getTime() + 30 * DAY),
          guests: SEATS,
          title: 'Bench gala',
          ticketPrice: 9_000,
          currency: 'AUD',
        })
        .returning({ id: bookings.id });
      console.log(`one CONFIRMED event with ${SEATS} seats; ${BUYERS} buyers of ${EACH} ticket(s), ${CONCURRENCY} in flight`);

      const run = await runBuyers(baseUrl, event!.id);
      const { holdTimes, payTimes, refused, held, paid, unexpected, seconds } = run;
      const cpuUsed = run.cpu;
      const statementsSent = run.statements;

      // The buyers' tickets emails are made by jobs after each sale's commit: how many had gone when the last buyer was answered.
      const buyersEmails = () => db.select({ total: count() }).from(devMailbox).where(like(devMailbox.toAddress, 'buyer-%@bench.example'));
      const [emailed] = await buyersEmails();
      const [row] = await db.select({ sold: bookings.ticketsSold, held: bookings.ticketsHeld }).from(bookings).where(eq(bookings.id, event!.id));
      const [issued] = await db.select({ total: count() }).from(tickets).where(eq(tickets.bookingId, event!.id));
      const report = await checkLedger(db);
      const sold = row!.sold;
      const expectedSold = Math.min(SEATS, Math.floor(SEATS / EACH) * EACH, BUYERS * EACH);
      const oversold = Math.max(0, sold - SEATS);
      const ms = (values: number[], p: number) => (values.length ? percentile(values, p).toFixed(1) : '-');
      console.log(`\nPostgreSQL; ${SEATS} seats, ${BUYERS} buyers × ${EACH}, ${CONCURRENCY} requests in flight, loopback HTTP\n`);
      console.log('| tickets sold | oversold | holds refused (409) | wall s | tickets/s | checkout p50 / p95 ms | confirm p50 / p95 ms |');
      console.log('|---|---|---|---|---|---|---|');
      console.log(`| ${sold} | ${oversold} | ${refused} | ${seconds.toFixed(2)} | ${(sold / seconds).toFixed(1)} | ${ms(holdTimes, 50)} / ${ms(holdTimes, 95)} | ${ms(payTimes, 50)} / ${ms(payTimes, 95)} |`);
      console.log(`\nissued tickets ${issued!.total}, still held ${row!.held}, paid checkouts ${paid} of ${held}; tickets emails sent by the end of the run ${emailed!.total}; ledger:check: ${report.transactions} transactions, ${report.problems.length} problems`);
      console.log(`statements sent to PostgreSQL during the run: ${statementsSent} = ${(statementsSent / Math.max(sold, 1)).toFixed(1)} per ticket sold (the refused buyers' included)`);
      if (cpuUsed) {
        // Where a sale's time goes: the ceiling on a machine is its cores divided by the CPU one ticket costs.
        const perTicket = (cpuSeconds: number) => ((cpuSeconds * 1000) / Math.max(sold, 1)).toFixed(1);
        console.log(
          `CPU over the run: this process (the API and the buyers) ${cpuUsed.process.toFixed(2)} s = ${perTicket(cpuUsed.process)} ms per ticket; ` +
            `the rest of the machine (PostgreSQL) ${cpuUsed.restOfMachine.toFixed(2)} s = ${perTicket(cpuUsed.restOfMachine)} ms per ticket; ${cpuUsed.cores} cores`,
        );
      }
      // The emails catch up after the rush (the jobs worker shares the process): when the last one went.
      const emailsDue = performance.now();
      let emailsSent = emailed!.total;
      while (emailsSent < paid && performance.now() - emailsDue < 300_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        emailsSent = (await buyersEmails())[0]!.total;
      }
      console.log(`all ${emailsSent} tickets emails sent ${((performance.now() - emailsDue) / 1000).toFixed(1)} s after the last buyer was answered`);
      if (process.env.BENCH_FLOOR !== '0') {
        const floor = await floorRun(run.samples);
        const floorSold = floor.held * EACH;
        const floorCpu = floor.cpu ? `; CPU ${((floor.cpu.process * 1000) / Math.max(floorSold, 1)).toFixed(1)} ms per ticket in this process` : '';
        console.log(
          `the harness's floor (the same buyers against a bare server answering the app's bytes, no database): ${floorSold} sold in ${floor.seconds.toFixed(2)} s = ` +
            `${(floorSold / floor.seconds).toFixed(1)} tickets/s${floorCpu}; the app reached ${(((sold / seconds) / (floorSold / floor.seconds)) * 100).toFixed(0)} % of it`,
        );
      }
      for (const problem of [...unexpected.slice(0, 10), ...report.problems]) console.error(problem);
      if (oversold > 0 || sold !== expectedSold || emailsSent !== paid || issued!.total !== sold || row!.held !== 0 || unexpected.length > 0 || report.problems.length > 0) process.exitCode = 1;
    } finally {
      agent.destroy();
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
