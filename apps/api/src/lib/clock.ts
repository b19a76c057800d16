import { sql } from 'drizzle-orm';
import type { Database, DatabaseConnection } from '../db/client.ts';
import { notify } from '../db/notify.ts';
import { businessClock } from '../db/schema/index.ts';

/** The domain's "now": every time-dependent rule (expiries, deadlines, job run times) reads it, never Date.now(). */
export type Clock = {
  now: () => Date;
};

/**
 * The system clock plus an offset that, outside production, `advance` moves forward (POST /dev/clock), like a test
 * clock. The offset lives in the one-row `business_clock` table so several API instances agree; each keeps it in
 * memory and refreshes it on the `goodtable_clock` NOTIFY (and every few seconds, in case one was missed).
 */
export type BusinessClock = Clock & {
  offsetMs: () => number;
  /** Moves the clock `ms` forward for every instance; resolves with the new offset. Throws in production. */
  advance: (ms: number) => Promise<number>;
  /** Reads the offset from the database and starts following changes. */
  start: () => Promise<void>;
  stop: () => void;
};

const CLOCK_CHANNEL = 'goodtable_clock';
const REFRESH_MS = 5000;

export function createBusinessClock(options: { connection: Pick<DatabaseConnection, 'db' | 'listen'>; movable: boolean }): BusinessClock {
  const { db } = options.connection;
  let offset = 0;
  /** Bumped on every change we hear of, so a slower periodic read never overwrites a newer offset. */
  let generation = 0;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => void) | undefined;

  async function refresh(): Promise<void> {
    const startedAt = generation;
    const value = await readOffset(db);
    if (generation === startedAt) offset = value;
  }

  function setOffset(value: number) {
    generation += 1;
    offset = value;
  }

  return {
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    async advance(ms) {
      if (!options.movable) throw new Error('The business clock cannot be moved in production');
      const value = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(businessClock)
          .values({ id: 1, offsetMs: ms })
          .onConflictDoUpdate({ target: businessClock.id, set: { offsetMs: sql`${businessClock.offsetMs} + excluded.offset_ms`, updatedAt: sql`now()` } })
          .returning({ offsetMs: businessClock.offsetMs });
        await notify(tx, { channel: CLOCK_CHANNEL, payload: String(row!.offsetMs) });
        return row!.offsetMs;
      });
      setOffset(value);
      return value;
    },
    async start() {
      // In production the clock is the system clock: nothing to read or follow.
      if (!options.movable) return;
      await refresh();
      unlisten = await options.connection.listen(CLOCK_CHANNEL, (payload) => {
        const value = Number(payload);
        if (Number.isSafeInteger(value)) setOffset(value);
      });
      timer = setInterval(() => void refresh().catch(() => undefined), REFRESH_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      unlisten?.();
    },
  };
}

async function readOffset(db: Database): Promise<number> {
  const [row] = await db.select({ offsetMs: businessClock.offsetMs }).from(businessClock);
  return row?.offsetMs ?? 0;
}
