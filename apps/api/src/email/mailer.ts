import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client.ts';
import { devMailbox } from '../db/schema/index.ts';
import type { RenderedEmail } from './templates.ts';

export type OutgoingEmail = RenderedEmail & { to: string; language: string };

/** Sends email: over SMTP when SMTP_URL is set, else into the dev mailbox table (DESIGN.md §2). */
export type Mailer = {
  kind: 'smtp' | 'dev-mailbox';
  /** Sends now; rejects when delivery fails. */
  send: (email: OutgoingEmail) => Promise<void>;
  /**
   * Sends in the background so the caller answers at once (and in the same time whether or not an email
   * goes out); failures are logged. `drain` waits for what is in flight.
   */
  enqueue: (email: OutgoingEmail) => void;
  drain: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export function createMailer(options: { smtpUrl?: string; from: string; db: Executor; log: FastifyBaseLogger }): Mailer {
  const { from, db, log } = options;
  let deliver: (email: OutgoingEmail) => Promise<void>;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    deliver = async (email) => {
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
    deliver = async (email) => {
      await db.insert(devMailbox).values({ toAddress: email.to, fromAddress: from, subject: email.subject, text: email.text, html: email.html, language: email.language });
    };
  }
  const inFlight = new Set<Promise<void>>();
  return {
    kind: options.smtpUrl ? 'smtp' : 'dev-mailbox',
    send: deliver,
    enqueue(email) {
      const pending: Promise<void> = deliver(email)
        .catch((error: unknown) => log.error({ err: error, to: email.to, subject: email.subject }, 'email delivery failed'))
        .finally(() => inFlight.delete(pending));
      inFlight.add(pending);
    },
    async drain() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
