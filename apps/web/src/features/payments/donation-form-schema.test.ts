import { describe, expect, it } from 'vitest';
import { donationAmountOf, donationFormSchema, donationFormValues, type DonationFormValues } from './donation-form-schema.ts';

const filled = (values: Partial<DonationFormValues>): DonationFormValues => ({ ...donationFormValues({ presets: [2_500, 5_000, 10_000] }, 'donor@example.test'), ...values });

describe('donation form schema', () => {
  const schema = donationFormSchema({ currency: 'AUD', eventId: null });

  it('starts on the middle preset with the donor’s email', () => {
    expect(filled({})).toMatchObject({ amount: '5000', custom: '', email: 'donor@example.test', anonymous: false });
    expect(donationFormValues({ presets: [] }, '').amount).toBe('custom');
  });

  it('turns a preset or a typed amount into minor units, blank name and message into none', () => {
    expect(schema.parse(filled({ name: ' ', message: '' }))).toEqual({ amount: 5_000, email: 'donor@example.test', name: null, message: null, anonymous: false, event_id: null });
    expect(schema.parse(filled({ amount: 'custom', custom: '12,50', name: 'Mai', anonymous: true }))).toMatchObject({ amount: 1_250, name: 'Mai', anonymous: true });
    const forEvent = donationFormSchema({ currency: 'VND', eventId: '0b7c6f7e-1c1a-4f43-9a59-6a0f0d7f2a11' });
    expect(forEvent.parse(filled({ amount: 'custom', custom: '250000' }))).toMatchObject({ amount: 250_000, event_id: '0b7c6f7e-1c1a-4f43-9a59-6a0f0d7f2a11' });
  });

  it('names a blank or unreadable "Other amount", and a bad email, under their fields', () => {
    const problems = (values: Partial<DonationFormValues>) => (schema.safeParse(filled(values)).error?.issues ?? []).map((issue) => [issue.path[0], issue.message]);
    expect(problems({ amount: 'custom', custom: '  ' })).toEqual([['amount', 'validation.required']]);
    expect(problems({ amount: 'custom', custom: 'lots' })).toEqual([['amount', 'validation.notANumber']]);
    expect(problems({ amount: 'custom', custom: '0' })).toEqual([['amount', 'validation.tooSmall']]);
    expect(problems({ email: 'nope' })).toEqual([['email', 'validation.invalidEmail']]);
  });

  it('tells the amount while it is typed', () => {
    expect(donationAmountOf({ amount: '10000', custom: '' }, 'AUD')).toBe(10_000);
    expect(donationAmountOf({ amount: 'custom', custom: '' }, 'AUD')).toBeUndefined();
    expect(donationAmountOf({ amount: 'custom', custom: '3.999' }, 'AUD')).toBeNaN();
  });
});
