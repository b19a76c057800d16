import { describe, expect, it } from 'vitest';
import { attendeeFieldCount, ticketCheckoutFormSchema } from './ticket-checkout-form-schema.ts';

describe('ticket checkout form schema', () => {
  const schema = ticketCheckoutFormSchema('AUD');

  it('turns the typed form into the checkout payload (donation in cents, blank donation left out)', () => {
    expect(schema.parse({ quantity: '2', email: ' Buyer@Example.test ', donation: '25.50', attendees: ['Ana', 'Bao', 'left over'] })).toEqual({
      quantity: 2,
      email: 'buyer@example.test',
      attendees: ['Ana', 'Bao'],
      donation: 2550,
    });
    expect(schema.parse({ quantity: '1', email: 'a@b.co', donation: '', attendees: ['Ana'] })).toEqual({ quantity: 1, email: 'a@b.co', attendees: ['Ana'] });
  });

  it('reports a bad quantity, donation, email or a missing name under its field', () => {
    const fields = (values: Record<string, unknown>) => (schema.safeParse(values).error?.issues ?? []).map((issue) => issue.path[0]);
    expect(fields({ quantity: '0', email: 'a@b.co', donation: '', attendees: ['Ana'] })).toContain('quantity');
    expect(fields({ quantity: 'two', email: 'a@b.co', donation: '', attendees: ['Ana'] })).toContain('quantity');
    expect(fields({ quantity: '1', email: 'nope', donation: '', attendees: ['Ana'] })).toContain('email');
    expect(fields({ quantity: '1', email: 'a@b.co', donation: 'lots', attendees: ['Ana'] })).toContain('donation');
    expect(fields({ quantity: '2', email: 'a@b.co', donation: '', attendees: ['Ana', ''] })).toContain('attendees');
  });

  it('shows one name field per ticket, one while the quantity is not a number', () => {
    expect(attendeeFieldCount('3')).toBe(3);
    expect(attendeeFieldCount('x')).toBe(1);
    expect(attendeeFieldCount('500')).toBe(20);
  });
});
