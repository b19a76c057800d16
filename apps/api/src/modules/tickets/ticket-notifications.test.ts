import { describe, expect, it } from 'vitest';
import { renderNotification } from '../notifications/notification-texts.ts';
import { causeShareReader } from '../payments/payments.service.ts';
import { crossedMilestones, type SaleCounters } from './ticket-notifications.ts';

describe('ticket sale milestones', () => {
  // Tickets at 50.00, a dinner of 20.00 per head for 10 guests, a 5 % platform fee: the cause's share of n tickets
  // is max(0, 4,750 × n − 20,000) plus the donations.
  const event = { guests: 10, ticketPrice: 5000, menuPrice: 2000, goal: 20_000, donationsRaised: 0 };
  const causeShare = causeShareReader(5);
  const crossed = (after: Partial<SaleCounters>, { quantity, donation }: { quantity: number; donation: number }) => crossedMilestones({ after: { ...event, ticketsSold: 0, ...after }, quantity, donation }, causeShare);

  it('finds the first ticket, half sold, sold out and the goal, each when a sale crosses it', () => {
    expect(crossed({ ticketsSold: 2 }, { quantity: 2, donation: 0 })).toEqual(['first']);
    expect(crossed({ ticketsSold: 4 }, { quantity: 2, donation: 0 })).toEqual([]);
    expect(crossed({ ticketsSold: 5 }, { quantity: 1, donation: 0 })).toEqual(['half']);
    // 8 tickets: gross 400.00 passes the goal, the cause's share (180.00) does not.
    expect(crossed({ ticketsSold: 8 }, { quantity: 3, donation: 0 })).toEqual([]);
    // 9 tickets: the cause's share is 227.50.
    expect(crossed({ ticketsSold: 9 }, { quantity: 1, donation: 0 })).toEqual(['goal_reached']);
    expect(crossed({ ticketsSold: 10 }, { quantity: 1, donation: 0 })).toEqual(['sold_out']);
    expect(crossed({ ticketsSold: 10 }, { quantity: 10, donation: 0 })).toEqual(['first', 'sold_out', 'goal_reached']);
    // A donation counts towards the goal in full, once.
    expect(crossed({ ticketsSold: 2, donationsRaised: 25_000 }, { quantity: 1, donation: 25_000 })).toEqual(['goal_reached']);
    expect(crossed({ ticketsSold: 3, donationsRaised: 25_000 }, { quantity: 1, donation: 0 })).toEqual([]);
  });

  it('renders the titles in both languages with the event title escaped', () => {
    const params = { title: '<b>Gala</b>', restaurant_name: 'Bếp', date: null, timezone: null, reason: null };
    expect(renderNotification({ kind: 'tickets.sold_out', params, sender: null, language: 'en' }).title).toBe('<strong>“&lt;b&gt;Gala&lt;/b&gt;”</strong> is sold out');
    expect(renderNotification({ kind: 'tickets.first', params, sender: null, language: 'vn' }).title).toContain('đã bán được vé đầu tiên');
    expect(renderNotification({ kind: 'tickets.goal_reached', params, sender: null, language: 'en' }).title).toContain('reached its fundraising goal');
  });
});
