import { describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '@goodtable/shared';
import { testUser } from '../../test/users.ts';
import { visibleBanners } from './account-banners.tsx';
import { shouldAskTimeZone } from './timezone-prompt.tsx';

const account = (transfers: ConnectedAccount['capabilities']['transfers']): ConnectedAccount => ({
  id: 'acct_1',
  provider: 'local',
  capabilities: { transfers },
  created_at: '2025-01-01T00:00:00.000Z',
});

describe('account banners', () => {
  it('ask every unverified account to verify its email; the payout notices only published sellers and managers', () => {
    const unverified = { is_verified: false };
    expect(visibleBanners(testUser({ role: 'seller', published: true, ...unverified }), account('active'))).toEqual(['verifyEmail']);
    expect(visibleBanners(testUser({ role: 'manager', published: true, ...unverified }), null)).toEqual(['verifyEmail']);
    expect(visibleBanners(testUser({ role: 'seller', published: false, ...unverified }), null)).toEqual(['verifyEmail']);
    expect(visibleBanners(testUser({ role: 'user', published: true, ...unverified }), null)).toEqual(['verifyEmail']);
    expect(visibleBanners(testUser({ role: 'user', published: false, ...unverified }), account('inactive'))).toEqual(['verifyEmail']);
    expect(visibleBanners(testUser({ role: 'cause', published: true, ...unverified }), null)).toEqual(['verifyEmail']);
    expect(visibleBanners(testUser({ role: 'user', published: true }), null)).toEqual([]);
    expect(visibleBanners(testUser({ role: 'user', ...unverified, is_hidden_email_verified: true }), null)).toEqual([]);
  });

  it('ask for bank details when the country is not listed and no bank entry exists', () => {
    const seller = testUser({ role: 'seller', published: true, country_not_listed: true });
    expect(visibleBanners(seller, null)).toEqual(['bankDetails']);
    expect(visibleBanners({ ...seller, bank: [{ account_name: 'A', bsb: null, account_number_last4: '1234', country: 'VN' }] }, null)).toEqual([]);
  });

  it('ask to verify the payout account while transfers are not active, unless hidden', () => {
    const seller = testUser({ role: 'seller', published: true });
    expect(visibleBanners(seller, account('inactive'))).toEqual(['verifyPayout']);
    expect(visibleBanners(seller, account('pending'))).toEqual(['verifyPayout']);
    expect(visibleBanners(seller, account('active'))).toEqual([]);
    expect(visibleBanners({ ...seller, is_hidden_payment_verified: true }, account('inactive'))).toEqual([]);
  });

  it('ask a published seller with no payout account at all to verify one', () => {
    const seller = testUser({ role: 'seller', published: true });
    expect(visibleBanners(seller, null)).toEqual(['verifyPayout']);
    // Still unknown (loading, or the call failed): no banner rather than a wrong one.
    expect(visibleBanners(seller, undefined)).toEqual([]);
    expect(visibleBanners({ ...seller, is_hidden_payment_verified: true }, null)).toEqual([]);
    expect(visibleBanners({ ...seller, published: false }, null)).toEqual([]);
    // A country the provider does not serve: the bank-details notice instead, then nothing once details are given.
    expect(visibleBanners({ ...seller, country_not_listed: true }, null)).toEqual(['bankDetails']);
    expect(visibleBanners({ ...seller, country_not_listed: true, bank: [{ account_name: 'A', bsb: null, account_number_last4: '1234', country: 'JP' }] }, null)).toEqual([]);
    // Managers are not paid out themselves: no account is no banner; their own inactive account still asks.
    expect(visibleBanners(testUser({ role: 'manager', published: true }), null)).toEqual([]);
    expect(visibleBanners(testUser({ role: 'manager', published: true }), account('inactive'))).toEqual(['verifyPayout']);
  });

  it('hide the email banner with its flag', () => {
    expect(visibleBanners(testUser({ role: 'seller', published: true, is_verified: false, is_hidden_email_verified: true }), account('active'))).toEqual([]);
  });
});

describe('timezone prompt', () => {
  it('asks when the browser zone differs from the stored one and was not declined', () => {
    expect(shouldAskTimeZone({ storedZone: 'Australia/Sydney', detected: 'Asia/Ho_Chi_Minh', declined: null })).toBe(true);
    expect(shouldAskTimeZone({ storedZone: 'Asia/Ho_Chi_Minh', detected: 'Asia/Ho_Chi_Minh', declined: null })).toBe(false);
    expect(shouldAskTimeZone({ storedZone: 'Australia/Sydney', detected: 'Asia/Ho_Chi_Minh', declined: 'Asia/Ho_Chi_Minh' })).toBe(false);
    expect(shouldAskTimeZone({ storedZone: 'Australia/Sydney', detected: 'Europe/Paris', declined: 'Asia/Ho_Chi_Minh' })).toBe(true);
    expect(shouldAskTimeZone({ storedZone: 'Australia/Sydney', detected: undefined, declined: null })).toBe(false);
  });

  it('treats an old name of the same zone as the same zone', () => {
    expect(shouldAskTimeZone({ storedZone: 'Asia/Saigon', detected: 'Asia/Ho_Chi_Minh', declined: null })).toBe(false);
  });
});
