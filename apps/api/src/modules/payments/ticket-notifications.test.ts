import { describe, expect, it } from 'vitest';
import { renderNotification } from '../notifications/notification-texts.ts';
import { crossedMilestones } from './ticket-notifications.ts';

describe('ticket sale milestones (issue 11)', () => {
  const event = { guests: 10, ticketPrice: 5000, goal: 30_000, donationsRaised: 0 };

  it('finds the first ticket, half sold, sold out and the goal, each when a sale crosses it', () => {
    expect(crossedMilestones({ ...event, ticketsSold: 2 }, 2, 0)).toEqual(['first']);
    expect(crossedMilestones({ ...event, ticketsSold: 4 }, 2, 0)).toEqual([]);
    expect(crossedMilestones({ ...event, ticketsSold: 5 }, 1, 0)).toEqual(['half']);
    // 6 × 50.00 = 300.00 reaches the goal.
    expect(crossedMilestones({ ...event, ticketsSold: 6 }, 1, 0)).toEqual(['goal_reached']);
    expect(crossedMilestones({ ...event, ticketsSold: 10 }, 4, 0)).toEqual(['sold_out']);
    expect(crossedMilestones({ ...event, ticketsSold: 10 }, 10, 0)).toEqual(['first', 'sold_out', 'goal_reached']);
    // A donation counts towards the goal.
    expect(crossedMilestones({ ...event, ticketsSold: 2, donationsRaised: 25_000 }, 1, 25_000)).toEqual(['goal_reached']);
  });

  it('renders the titles in both languages with the event title escaped', () => {
    const params = { title: '<b>Gala</b>', restaurant_name: 'Bếp', date: null, timezone: null, reason: null };
    expect(renderNotification({ kind: 'tickets.sold_out', params, sender: null, language: 'en' }).title).toBe('<strong>“&lt;b&gt;Gala&lt;/b&gt;”</strong> is sold out');
    expect(renderNotification({ kind: 'tickets.first', params, sender: null, language: 'vn' }).title).toContain('đã bán được vé đầu tiên');
    expect(renderNotification({ kind: 'tickets.goal_reached', params, sender: null, language: 'en' }).title).toContain('reached its fundraising goal');
  });
});
