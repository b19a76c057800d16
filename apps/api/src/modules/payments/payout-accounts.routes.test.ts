import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { connectedAccounts, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/support/test-app.ts';
import { signUpClient } from '../../../test/support/http-client.ts';

const AU_ACCOUNT = { country: 'AU', account_holder: 'Trattoria Rossi Pty Ltd', bsb: '000-000', account_number: '000123456' };
const VN_ACCOUNT = { country: 'VN', account_holder: 'Hope Kitchen Foundation', bank_code: 'VCB', account_number: '0071 0012 34567' };
const MANUAL_ACCOUNT = { account_name: 'Nakamura Ramen KK', country: 'JP', bank_name: 'MUFG Bank', swift_code: 'botkjpjt', account_number: '1234 5678 9012' };

/**
 * Payout accounts over HTTP: the local provider's onboarding form (AU and VN), who may use it, each
 * field's 400, updating in place, the GET shape, and the country-not-listed bank details.
 */
describe('payout accounts', () => {
  const testApp = useTestApp();
  const { api } = testApp;

  const signUpSeller = () => signUpClient(api, { role: 'seller', name: 'Pho Corner' });
  const connect = (token: string, body: unknown) => api.put('/v1/payments/me/connected-account', { body, token });
  const bankDetails = (token: string, body: unknown) => api.put('/v1/payments/me/bank-details', { body, token });
  const accountRows = async (userId: string) => testApp.database.db.select().from(connectedAccounts).where(eq(connectedAccounts.userId, userId));

  it('connects an Australian account: transfers active at once, the GET answers it and the user points to it', async () => {
    const seller = await signUpSeller();
    const before = await api.get('/v1/payments/me/connected-account', { token: seller.token });
    expect(before.status).toBe(200);
    expect(before.body).toBeNull();

    const connected = await connect(seller.token, AU_ACCOUNT);
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({
      provider: 'local',
      capabilities: { transfers: 'active' },
      external_account: { country: 'AU', account_holder: 'Trattoria Rossi Pty Ltd', bsb: '000-000', bank_code: null, account_number_last4: '3456' },
    });
    expect(connected.body.id).toMatch(/^local_acct_[0-9a-f]{24}$/);

    const read = await api.get('/v1/payments/me/connected-account', { token: seller.token });
    expect(read.status).toBe(200);
    expect(Object.keys(read.body).sort()).toEqual(['capabilities', 'created_at', 'external_account', 'id', 'provider']);
    expect(read.body).toEqual(connected.body);
    const me = await api.get('/v1/me', { token: seller.token });
    expect(me.body.connected_account_id).toBe(connected.body.id);
    // The full number is never stored or shown.
    expect(JSON.stringify((await accountRows(seller.user.id))[0])).not.toContain('000123456');
  });

  it('connects a cause to a Vietnamese bank and updates the same account in place', async () => {
    const cause = await signUpClient(api, { role: 'cause' });
    const first = await connect(cause.token, VN_ACCOUNT);
    expect(first.status).toBe(200);
    expect(first.body.external_account).toEqual({ country: 'VN', account_holder: 'Hope Kitchen Foundation', bsb: null, bank_code: 'VCB', account_number_last4: '4567' });

    const second = await connect(cause.token, { ...AU_ACCOUNT, account_holder: 'Hope Kitchen AU', account_number: '98765' });
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.created_at).toBe(first.body.created_at);
    expect(second.body.external_account).toMatchObject({ country: 'AU', account_holder: 'Hope Kitchen AU', account_number_last4: '8765' });
    expect(await accountRows(cause.user.id)).toHaveLength(1);
  });

  it('keeps one account when the same user onboards twice at once', async () => {
    const seller = await signUpSeller();
    const answers = await Promise.all([connect(seller.token, AU_ACCOUNT), connect(seller.token, VN_ACCOUNT)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0]!.body.id).toBe(answers[1]!.body.id);
    expect(await accountRows(seller.user.id)).toHaveLength(1);
  });

  it('takes a BSB typed without its dash or with a space, and keeps it as printed on statements', async () => {
    for (const bsb of ['000000', '000 000']) {
      const seller = await signUpSeller();
      const connected = await connect(seller.token, { ...AU_ACCOUNT, bsb });
      expect(connected.status).toBe(200);
      expect(connected.body.external_account.bsb).toBe('000-000');
    }
  });

  it('names the field of each bad value and changes nothing', async () => {
    const seller = await signUpSeller();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...AU_ACCOUNT, country: 'FR' }, 'country'],
      [{ account_holder: 'No Country', bsb: '000-000', account_number: '000123456' }, 'country'],
      [{ ...AU_ACCOUNT, account_holder: '  ' }, 'account_holder'],
      [{ ...AU_ACCOUNT, account_holder: 'x'.repeat(101) }, 'account_holder'],
      [{ ...AU_ACCOUNT, bsb: '0000-00' }, 'bsb'],
      [{ ...AU_ACCOUNT, bsb: '12-3456' }, 'bsb'],
      [{ ...AU_ACCOUNT, bsb: undefined }, 'bsb'],
      [{ ...AU_ACCOUNT, account_number: '12ab3456' }, 'account_number'],
      [{ ...AU_ACCOUNT, account_number: '1234' }, 'account_number'],
      [{ ...AU_ACCOUNT, account_number: '1234567890' }, 'account_number'],
      [{ ...VN_ACCOUNT, bank_code: 'XYZ' }, 'bank_code'],
      [{ ...VN_ACCOUNT, account_number: '12345' }, 'account_number'],
      [{ ...VN_ACCOUNT, account_number: 12345678 }, 'account_number'],
    ];
    for (const [body, field] of cases) {
      const response = await connect(seller.token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details.map((detail: { field: string }) => detail.field), JSON.stringify(body)).toContain(field);
    }
    expect((await connect(seller.token, { ...AU_ACCOUNT, bsb: '12-3456' })).body.details).toEqual([{ field: 'bsb', message: 'validation.invalidBsb' }]);
    expect(await accountRows(seller.user.id)).toHaveLength(0);
    expect((await api.get('/v1/me', { token: seller.token })).body.connected_account_id).toBeNull();
  });

  it('is for restaurants and causes only', async () => {
    const client = await signUpClient(api);
    const manager = await signUpClient(api, { role: 'manager', name: 'Harbour Group' });
    for (const { token, user } of [client, manager]) {
      const refused = await connect(token, AU_ACCOUNT);
      expect(refused.status).toBe(403);
      expect((await bankDetails(token, { country_not_listed: true })).status).toBe(403);
      expect(await accountRows(user.id)).toHaveLength(0);
    }
    expect((await connect('', AU_ACCOUNT)).status).toBe(401);
    expect((await api.put('/v1/payments/me/bank-details', { body: { country_not_listed: true } })).status).toBe(401);
  });

  it('records a country that is not listed and the bank details for manual payouts, showing only the last digits', async () => {
    const seller = await signUpSeller();
    const flagged = await bankDetails(seller.token, { country_not_listed: true });
    expect(flagged.status).toBe(200);
    expect(flagged.body).toMatchObject({ country_not_listed: true, bank: [] });

    const saved = await bankDetails(seller.token, { country_not_listed: true, bank_account: MANUAL_ACCOUNT });
    expect(saved.status).toBe(200);
    expect(saved.body.bank).toEqual([{ account_name: 'Nakamura Ramen KK', bsb: null, account_number_last4: '9012', country: 'JP', bank_name: 'MUFG Bank' }]);
    expect((await api.get('/v1/me', { token: seller.token })).body.bank).toEqual(saved.body.bank);
    // The full number stays on the server for the manual payout.
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, seller.user.id));
    expect(row!.bank[0]).toMatchObject({ account_number: '123456789012', swift_code: 'BOTKJPJT' });

    // Replacing: still one entry; clearing the flag keeps the list.
    const replaced = await bankDetails(seller.token, { country_not_listed: true, bank_account: { ...MANUAL_ACCOUNT, account_number: 'GB33BUKB20201555555555' } });
    expect(replaced.body.bank).toHaveLength(1);
    expect(replaced.body.bank[0].account_number_last4).toBe('5555');
    const cleared = await bankDetails(seller.token, { country_not_listed: false });
    expect(cleared.body).toMatchObject({ country_not_listed: false, bank: replaced.body.bank });
  });

  it('names the bad bank detail and changes nothing', async () => {
    const seller = await signUpSeller();
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'country_not_listed'],
      [{ country_not_listed: 'yes' }, 'country_not_listed'],
      [{ country_not_listed: false, bank_account: MANUAL_ACCOUNT }, 'bank_account'],
      [{ country_not_listed: true, bank_account: { ...MANUAL_ACCOUNT, account_name: '' } }, 'bank_account.account_name'],
      [{ country_not_listed: true, bank_account: { ...MANUAL_ACCOUNT, country: 'Japan' } }, 'bank_account.country'],
      [{ country_not_listed: true, bank_account: { ...MANUAL_ACCOUNT, bank_name: '' } }, 'bank_account.bank_name'],
      [{ country_not_listed: true, bank_account: { ...MANUAL_ACCOUNT, swift_code: 'BOTK' } }, 'bank_account.swift_code'],
      [{ country_not_listed: true, bank_account: { ...MANUAL_ACCOUNT, account_number: '12#4' } }, 'bank_account.account_number'],
    ];
    for (const [body, field] of cases) {
      const response = await bankDetails(seller.token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.details.map((detail: { field: string }) => detail.field), JSON.stringify(body)).toContain(field);
    }
    expect((await api.get('/v1/me', { token: seller.token })).body).toMatchObject({ country_not_listed: false, bank: [] });
  });
});
