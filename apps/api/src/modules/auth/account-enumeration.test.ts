import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { signUpClient, uniqueEmail } from '../../../test/support/http-client.ts';
import { readMailbox, waitForEmail } from '../../../test/support/mailbox.ts';

/** These calls answer before any lookup, so neither their answer nor their timing tells whether an address has an account. */
describe('no account enumeration through emailed links', () => {
  const testApp = useTestApp();
  const { api } = testApp;

  const requestJobs = (kind: string, email: string) =>
    testApp.database.db.select().from(jobs).where(and(eq(jobs.kind, kind), eq(sql`${jobs.payload}->>'email'`, email)));

  it.each([
    ['/v1/auth/forgot-password', 'auth.password-reset-requested', /Reset your GoodTable password/],
    ['/v1/auth/send-verification-email', 'auth.verification-requested', /Verify your email/],
  ])('%s answers the same for a known and an unknown address, and only the known one gets the email', async (path, kind, subject) => {
    const { email } = await signUpClient(api);
    const unknownAddress = uniqueEmail('ghost');
    // The sign-up's own verification email has left before we count.
    await testApp.app.jobs.drain();
    const mailboxBefore = (await readMailbox(testApp.baseUrl)).filter((message) => message.to === email).length;

    const known = await api.post(path, { body: { email } });
    const unknown = await api.post(path, { body: { email: unknownAddress } });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(known.status).toBe(202);
    // Both requests did the same thing: wrote one job; the lookup happens in it.
    expect(await requestJobs(kind, email)).toHaveLength(1);
    expect(await requestJobs(kind, unknownAddress)).toHaveLength(1);

    await testApp.app.jobs.drain();
    expect((await requestJobs(kind, email))[0]!.status).toBe('done');
    expect((await requestJobs(kind, unknownAddress))[0]!.status).toBe('done');
    await waitForEmail(testApp.baseUrl, { to: email, subject });
    expect((await readMailbox(testApp.baseUrl)).filter((message) => message.to === email)).toHaveLength(mailboxBefore + 1);
    expect((await readMailbox(testApp.baseUrl)).some((message) => message.to === unknownAddress)).toBe(false);
  });
});
