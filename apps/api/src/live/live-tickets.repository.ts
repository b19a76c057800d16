import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { liveTickets } from '../db/schema/index.ts';
import { generateSecureToken, hashSecureToken } from '../lib/secure-tokens.ts';

/** How long a stream ticket can be used (business clock). */
export const LIVE_TICKET_TTL_MS = 60_000;

/** A new single-use ticket for one stream of this session; the secret is returned once, only its hash stored. */
export async function issueLiveTicket(db: Executor, values: { userId: string; sessionId: string; now: Date }): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = generateSecureToken();
  const expiresAt = new Date(values.now.getTime() + LIVE_TICKET_TTL_MS);
  await db.insert(liveTickets).values({ tokenHash: hashSecureToken(ticket), userId: values.userId, sessionId: values.sessionId, expiresAt });
  return { ticket, expiresAt };
}

/** Uses a ticket up in one atomic UPDATE (two concurrent uses cannot both succeed); undefined when unknown, used or expired. */
export async function consumeLiveTicket(db: Executor, input: { ticket: string; now: Date }): Promise<{ userId: string; sessionId: string } | undefined> {
  const [row] = await db
    .update(liveTickets)
    .set({ usedAt: input.now })
    .where(and(eq(liveTickets.tokenHash, hashSecureToken(input.ticket)), isNull(liveTickets.usedAt), gt(liveTickets.expiresAt, input.now)))
    .returning({ userId: liveTickets.userId, sessionId: liveTickets.sessionId });
  return row;
}
