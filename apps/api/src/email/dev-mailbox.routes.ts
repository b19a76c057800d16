import type { FastifyInstance } from 'fastify';
import { desc } from 'drizzle-orm';
import { devMailbox } from '../db/schema/index.ts';
import { escapeHtml } from './templates.ts';

const MAILBOX_SIZE = 100;

/**
 * The dev mailbox (docs/architecture.md, Layers): emails kept instead of sent when no SMTP server is configured.
 * GET /dev/mailbox is an HTML page for people, GET /dev/mailbox.json the same list for tests. Registered only
 * when there is no SMTP server (and not in production unless DEV_MAILBOX=true).
 */
export async function devMailboxRoutes(app: FastifyInstance) {
  const latest = () => app.db.select().from(devMailbox).orderBy(desc(devMailbox.createdAt)).limit(MAILBOX_SIZE);

  app.get('/dev/mailbox.json', { schema: { hide: true } }, async () => {
    const rows = await latest();
    return {
      data: rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        from: row.fromAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        language: row.language,
        attachments: row.attachments.map((attachment) => ({
          filename: attachment.filename,
          content_type: attachment.contentType,
          content: attachment.content,
          ...(attachment.encoding ? { encoding: attachment.encoding } : {}),
          ...(attachment.cid ? { cid: attachment.cid } : {}),
        })),
        headers: row.headers,
        created_at: row.createdAt.toISOString(),
      })),
    };
  });

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await latest();
    const items = rows
      .map(
        (row) =>
          `<article><h2>${escapeHtml(row.subject)}</h2><p class="meta">To ${escapeHtml(row.toAddress)} · ${escapeHtml(row.language)} · ${escapeHtml(row.createdAt.toISOString())}</p>` +
          `<iframe title="${escapeHtml(row.subject)}" sandbox srcdoc="${escapeHtml(row.html)}"></iframe><details><summary>Plain text</summary><pre>${escapeHtml(row.text)}</pre></details>` +
          row.attachments
            .map(
              (attachment) =>
                `<details><summary>Attachment ${escapeHtml(attachment.filename)} (${escapeHtml(attachment.contentType)})</summary><pre>${escapeHtml(attachment.content)}</pre></details>`,
            )
            .join('') +
          '</article>',
      )
      .join('');
    const page =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox | GoodTable</title>' +
      '<style>body{font-family:Arial,sans-serif;max-width:760px;margin:0 auto;padding:24px}article{border-bottom:1px solid #ddd;padding:12px 0}.meta{color:#555;font-size:14px}iframe{width:100%;height:320px;border:1px solid #eee}</style></head>' +
      `<body><h1>Dev mailbox</h1><p>Emails the server would have sent (no SMTP server is configured). Newest first.</p>${items || '<p>No emails yet.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
