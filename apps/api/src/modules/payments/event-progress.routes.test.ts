import type { EventProgress, SseFrame } from '@goodtable/shared';
import { describe, expect, it } from 'vitest';
import { messagesOf, openSseStream, type SseStream } from '../../../test/support/sse-client.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';
import { ticketSalesKit } from '../tickets/test/ticket-sales.ts';

/**
 * An event's live progress and its goal notice state what the cause receives (settlement: max(0, R − P − F) + D),
 * never the gross sales. The kit: menu M = 50.00 per head, tickets T = 60.00, platform fee 5 %, in AUD.
 */
describe('live progress and the goal notice: what the event raised for its cause', () => {
  const { testApp, kit, w } = useBookingWorld();

  const sales = () => ticketSalesKit(kit, w);
  const progressFrames = (stream: SseStream): EventProgress[] => messagesOf(stream.frames).map((message) => JSON.parse(message.data) as EventProgress);
  /** A progress frame stating `expected` (the replayed frames keep their fields in another order). */
  const sameProgress = (expected: EventProgress) => (frame: SseFrame) => {
    if (frame.kind !== 'message') return false;
    const progress = JSON.parse(frame.message.data) as EventProgress;
    return progress.tickets_left === expected.tickets_left && progress.raised === expected.raised;
  };

  async function watch(eventId: string): Promise<SseStream> {
    const stream = await openSseStream(`${testApp.baseUrl}/v1/events/${eventId}/stream`);
    expect(stream.status).toBe(200);
    return stream;
  }

  it('an undersold event’s frames carry its donations only, as its page does', async () => {
    const { confirmedEvent, buyTickets, donate } = sales();
    const booking = await confirmedEvent({ guests: 20 });
    const stream = await watch(booking.id);
    try {
      await stream.waitFor(sameProgress({ tickets_left: 20, raised: 0 }));
      await buyTickets(booking.id, { quantity: 3, donation: 1_500 });
      // R = 18,000, P = 900, F = 50.00 × 20 = 100,000: the tickets give the cause nothing yet; D = 1,500.
      await stream.waitFor(sameProgress({ tickets_left: 17, raised: 1_500 }));
      await donate(w.cause.causeId, { amount: 1_000, eventId: booking.id });
      await stream.waitFor(sameProgress({ tickets_left: 17, raised: 2_500 }));
      // No frame ever stated the gross sales.
      expect(progressFrames(stream).map((frame) => frame.raised)).toEqual(expect.arrayContaining([0, 1_500, 2_500]));
      expect(progressFrames(stream).every((frame) => [0, 1_500, 2_500].includes(frame.raised))).toBe(true);
      expect(await kit.expectOk(await kit.api.get(`/v1/events/${booking.id}`))).toMatchObject({ tickets_left: 17, raised: 2_500, raised_for_cause: 2_500 });
    } finally {
      stream.close();
    }
  });

  it('a sold-out event’s frame carries the settlement’s share of the tickets plus the donations', async () => {
    const { confirmedEvent, buyTickets } = sales();
    const booking = await confirmedEvent({ guests: 4 });
    const stream = await watch(booking.id);
    try {
      await buyTickets(booking.id, { quantity: 3 });
      // n = 3 of g = 4: R = 18,000, P = 900, F = 50.00 × 4 = 20,000: nothing yet.
      await stream.waitFor(sameProgress({ tickets_left: 1, raised: 0 }));
      await buyTickets(booking.id, { quantity: 1, donation: 1_000 });
      // Sold out: R = 24,000, P = 1,200, F = 20,000: 2,800 from the tickets, D = 1,000.
      await stream.waitFor(sameProgress({ tickets_left: 0, raised: 3_800 }));
      expect(await kit.expectOk(await kit.api.get(`/v1/events/${booking.id}`))).toMatchObject({ tickets_left: 0, raised: 3_800, raised_for_cause: 3_800 });
    } finally {
      stream.close();
    }
    // A stream opened now starts from the same figure.
    const later = await watch(booking.id);
    try {
      await later.waitFor(sameProgress({ tickets_left: 0, raised: 3_800 }));
    } finally {
      later.close();
    }
  });

  /** The organiser's notices that `eventId` reached its fundraising goal. */
  async function goalNotices(eventId: string) {
    const list = await kit.expectOk(await kit.api.get('/v1/notification?limit=50', { token: w.client.token }));
    return (list.data as { object_id: string; title: string }[]).filter((notice) => notice.object_id === eventId && /reached its fundraising goal/.test(notice.title));
  }

  it('the goal notice waits until what the cause receives reaches the goal, whatever the gross sales', async () => {
    const { confirmedEvent, buyTickets } = sales();
    const booking = await confirmedEvent({ guests: 4, goal: 2_500 });
    await buyTickets(booking.id, { quantity: 3 });
    // Gross sales of 180.00 pass the goal of 25.00; the cause's share (0: the food is not paid for yet) does not.
    expect(await goalNotices(booking.id)).toHaveLength(0);
    await buyTickets(booking.id, { quantity: 1 });
    // Sold out, the cause's share is 28.00: the goal is reached, once.
    expect(await goalNotices(booking.id)).toHaveLength(1);
  });

  it('a donation for the event that carries the cause’s share past the goal sends the goal notice, once', async () => {
    const { confirmedEvent, buyTickets, donate } = sales();
    const booking = await confirmedEvent({ guests: 20, goal: 2_500 });
    await buyTickets(booking.id, { quantity: 3 });
    await donate(w.cause.causeId, { amount: 1_000, eventId: booking.id });
    // Gross 190.00; the cause receives the donation alone (10.00).
    expect(await goalNotices(booking.id)).toHaveLength(0);
    await donate(w.cause.causeId, { amount: 1_500, eventId: booking.id });
    expect(await goalNotices(booking.id)).toHaveLength(1);
    await donate(w.cause.causeId, { amount: 500, eventId: booking.id });
    expect(await goalNotices(booking.id)).toHaveLength(1);
  });
});
