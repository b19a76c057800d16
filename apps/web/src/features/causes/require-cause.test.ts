import { describe, expect, it } from 'vitest';
import { needsCause } from './require-cause.tsx';

describe('needsCause', () => {
  it('gates the bookings and cause profile screens', () => {
    expect(needsCause('/bookings')).toBe(true);
    expect(needsCause('/bookings/5b0a2c58-3f4e-4a57-9d1c-6a1f0c3e9b21')).toBe(true);
    expect(needsCause('/cause-profile')).toBe(true);
  });
  it('leaves adding a cause, the account and public pages alone', () => {
    expect(needsCause('/add-cause')).toBe(false);
    expect(needsCause('/account')).toBe(false);
    expect(needsCause('/causes')).toBe(false);
    expect(needsCause('/bookings/5b0a2c58-3f4e-4a57-9d1c-6a1f0c3e9b21/payment')).toBe(false);
  });
});
