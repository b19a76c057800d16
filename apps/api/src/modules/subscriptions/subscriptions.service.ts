import type { Locale, Subscription } from '@goodtable/shared';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../email/mailer.ts';
import { renderEmail } from '../../email/templates.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/domain-errors.ts';
import { generateSecureToken, hashSecureToken } from '../../lib/secure-tokens.ts';
import { findSubscriptionByEmail, insertSubscription, markUnsubscribed, resubscribe } from './subscriptions.repository.ts';

export type SubscriptionsContext = { db: Database; clock: Clock; mailer: Mailer; publicUrl: string };

/** The one-click link (web page) and the List-Unsubscribe target (RFC 8058 POST) of one subscription. */
function unsubscribeLinks(publicUrl: string, token: string) {
  const query = `token=${encodeURIComponent(token)}`;
  return { page: `${publicUrl}/unsubscribe?${query}`, oneClick: `${publicUrl}/v1/subscription/unsubscribe?${query}` };
}

/**
 * POST /v1/subscription (docs/product.md, API calls): puts `email` on the mailing list and sends the confirmation with its one-click
 * unsubscribe link, in the same transaction. Subscribing an address that is on the list answers the same id and
 * writes and sends nothing; an address that had unsubscribed is put back with a new link.
 */
export async function subscribe({ db, clock, mailer, publicUrl }: SubscriptionsContext, input: { email: string; language?: Locale }): Promise<Subscription> {
  const language = input.language ?? 'en';
  return db.transaction(async (tx) => {
    const token = generateSecureToken();
    const unsubscribeTokenHash = hashSecureToken(token);
    const existing = await findSubscriptionByEmail(tx, input.email);
    let id: string;
    if (!existing) {
      const created = await insertSubscription(tx, { email: input.email, language, unsubscribeTokenHash, createdAt: clock.now() });
      // Lost a race with a concurrent subscribe of the same address: that one sent the email.
      if (!created) return { id: (await findSubscriptionByEmail(tx, input.email))!.id };
      id = created.id;
    } else if (existing.unsubscribedAt) {
      await resubscribe(tx, { id: existing.id, values: { language, unsubscribeTokenHash } });
      id = existing.id;
    } else {
      return { id: existing.id };
    }
    const links = unsubscribeLinks(publicUrl, token);
    await mailer.enqueue(
      {
        to: input.email,
        language,
        ...renderEmail({ kind: 'subscriptionConfirmed', language, params: { unsubscribeLink: links.page } }),
        headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
      tx,
    );
    return { id };
  });
}

/** POST /v1/subscription/unsubscribe?token=…: ends the subscription of the link's secret; 404 for an unknown one. */
export async function unsubscribe({ db, clock }: Pick<SubscriptionsContext, 'db' | 'clock'>, token: string): Promise<void> {
  const row = await markUnsubscribed(db, { tokenHash: hashSecureToken(token), at: clock.now() });
  if (!row) throw notFound('This unsubscribe link is not valid', 'subscriptions.unknownLink');
}
