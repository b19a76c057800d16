import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Database, Executor } from '../db/client.ts';
import { devMailbox } from '../db/schema/index.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { RenderedEmail } from './templates.ts';

/**
 * A file sent with an email. `content` is text (an ICS invitation): emails travel as JSON job payloads, so binary
 * files would need an encoding field first. `contentType` may carry parameters (`text/calendar; method=REQUEST`).
 */
/**
 * `content` is text, or base64 for binary files (`encoding: 'base64'`); `cid` makes it an inline image the HTML shows
 * with `<img src="cid:…">`.
 */
export type EmailAttachment = { filename: string; contentType: string; content: string; encoding?: 'base64'; cid?: string };
/** `headers`: extra headers, e.g. List-Unsubscribe on mailing-list emails and Reply-To on forwarded messages. */
export type OutgoingEmail = RenderedEmail & { to: string; language: string; attachments?: EmailAttachment[]; headers?: Record<string, string> };

export const emailAttachmentSchema = z.object({
  filename: z.string().min(1),
  contentType: z.string().min(1),
  content: z.string(),
  encoding: z.literal('base64').optional(),
  cid: z.string().min(1).optional(),
});
const outgoingEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  language: z.string(),
  attachments: z.array(emailAttachmentSchema).optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

declare module '../jobs/job-queue.ts' {
  interface JobPayloads {
    'send-email': OutgoingEmail;
  }
}

/**
 * Email delivery (docs/architecture.md, Layers): over SMTP when SMTP_URL is set, else into the dev mailbox table. Emails leave
 * through the job queue (src/jobs): `enqueue` writes a `send-email` job in the caller's transaction, any instance's
 * worker sends it, and failures retry with backoff (1 min, 4 min, 16 min, 64 min, 4 h) before the job is `failed`.
 */
export type Mailer = {
  kind: 'smtp' | 'dev-mailbox';
  /** Sends one email now; rejects when delivery fails. */
  send: (email: OutgoingEmail) => Promise<void>;
  /** Writes a `send-email` job with `executor` (the caller's transaction, or the database). */
  enqueue: (email: OutgoingEmail, executor?: Executor) => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Six attempts, like the outbox before it: the sixth comes about 5.5 hours after the first. */
export const EMAIL_MAX_ATTEMPTS = 6;

export function createMailer(options: { smtpUrl?: string; from: string; db: Database; jobs: JobQueue }): Mailer {
  const { from, db, jobs } = options;
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
        headers: { ...email.headers, 'Content-Language': email.language === 'vn' ? 'vi' : 'en' },
        attachments: (email.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
          ...(attachment.encoding ? { encoding: attachment.encoding } : {}),
          ...(attachment.cid ? { cid: attachment.cid } : {}),
        })),
      });
    };
  } else {
    send = async (email) => {
      await db.insert(devMailbox).values({
        toAddress: email.to,
        fromAddress: from,
        subject: email.subject,
        text: email.text,
        html: email.html,
        language: email.language,
        attachments: email.attachments ?? [],
        headers: email.headers ?? {},
      });
    };
  }
  // SMTP is outside the database: the send cannot commit with the job, so delivery is at least once.
  jobs.define('send-email', { schema: outgoingEmailSchema, transactional: false, maxAttempts: EMAIL_MAX_ATTEMPTS, handle: ({ payload }) => send(payload) });

  return {
    kind: options.smtpUrl ? 'smtp' : 'dev-mailbox',
    send,
    async enqueue(email, executor = db) {
      await jobs.enqueue({ kind: 'send-email', payload: email }, executor);
    },
  };
}
