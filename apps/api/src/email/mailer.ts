import nodemailer from 'nodemailer';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import { devMailbox, emailOutbox, type EmailOutboxRow } from '../db/schema/index.ts';
import type { RenderedEmail } from './templates.ts';

export type OutgoingEmail = RenderedEmail & { to: string; language: string };

/**
 * Email delivery (DESIGN.md §2): over SMTP when SMTP_URL is set, else into the dev mailbox table. Emails go
 * through a transactional outbox: `enqueue` writes a row in the caller's transaction; a sweeper claims due rows
 * with `FOR UPDATE SKIP LOCKED` (safe with many API instances), sends them, and retries failures with backoff.
 */
export type Mailer = {
  kind: 'smtp' | 'dev-mailbox';
  /** Sends one email now; rejects when delivery fails. */
  send: (email: OutgoingEmail) => Promise<void>;
  /** Writes the email to the outbox with `executor` (the caller's transaction, or the database) and wakes the sweeper. */
  enqueue: (email: OutgoingEmail, executor?: Executor) => Promise<void>;
  /** Sends the due emails once; returns how many left. */
  sweep: () => Promise<number>;
  /** Sweeps every `intervalMs` until `stop`. */
  start: () => void;
  /** Stops sweeping and waits for a sweep in progress. */
  stop: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Rows claimed per sweep; a claimed row is leased for LEASE_MS so a crashed sender's rows come back. */
const BATCH_SIZE = 20;
const LEASE_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS = 6;
/** Wait after the n-th failed attempt: 1 min, 5 min, 15 min, 1 h, 4 h. */
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 4 * 60 * 60_000];

export function createMailer(options: { smtpUrl?: string; from: string; db: Database; log: FastifyBaseLogger; intervalMs?: number }): Mailer {
  const { from, db, log } = options;
  const intervalMs = options.intervalMs ?? 1000;
  let send: (email: OutgoingEmail) => Promise<void>;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    send = async (email) => {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: { 'Content-Language': email.language === 'vn' ? 'vi' : 'en' },
      });
    };
  } else {
    send = async (email) => {
      await db.insert(devMailbox).values({ toAddress: email.to, fromAddress: from, subject: email.subject, text: email.text, html: email.html, language: email.language });
    };
  }

  async function claimDue(now: Date): Promise<EmailOutboxRow[]> {
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    return db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(emailOutbox.id, due))
      .returning();
  }

  async function deliver(row: EmailOutboxRow): Promise<boolean> {
    try {
      await send({ to: row.toAddress, subject: row.subject, text: row.text, html: row.html, language: row.language });
      await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(emailOutbox.id, row.id));
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      log.error({ err: error, to: row.toAddress, subject: row.subject, attempts: row.attempts }, giveUp ? 'email delivery failed, giving up' : 'email delivery failed, will retry');
      const wait = BACKOFF_MS[Math.min(row.attempts - 1, BACKOFF_MS.length - 1)]!;
      await db
        .update(emailOutbox)
        .set({ status: giveUp ? 'failed' : 'pending', lastError: message.slice(0, 1000), nextAttemptAt: new Date(Date.now() + wait) })
        .where(eq(emailOutbox.id, row.id));
      return false;
    }
  }

  async function sweepOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await claimDue(new Date());
      for (const row of claimed) if (await deliver(row)) sent += 1;
      if (claimed.length < BATCH_SIZE) return sent;
    }
  }

  let running: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** One sweep at a time per instance; a wake-up during a sweep runs one more right after. */
  function sweep(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = sweepOnce()
      .catch((error: unknown) => {
        log.error({ err: error }, 'email outbox sweep failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void sweep();
        }
      });
    return running;
  }

  return {
    kind: options.smtpUrl ? 'smtp' : 'dev-mailbox',
    send,
    async enqueue(email, executor = db) {
      await executor.insert(emailOutbox).values({ toAddress: email.to, subject: email.subject, text: email.text, html: email.html, language: email.language });
      if (!stopped) setTimeout(() => void sweep(), 0);
    },
    sweep,
    start() {
      stopped = false;
      timer ??= setInterval(() => void sweep(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
