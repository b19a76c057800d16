import { describe, expect, it } from 'vitest';
import { messagesOf, openSseStream, type SseStream } from '../../../test/support/sse-client.ts';
import { useBookingWorld } from './test/booking-test-kit.ts';

/** What the restaurant side's dashboards follow: a booking's changes on the live stream of everyone who may see it. */
describe('bookings on the live stream', () => {
  const { testApp, kit, w } = useBookingWorld();

  const openStream = async (viewer: { token: string }) => {
    const stream = await openSseStream(`${testApp.baseUrl}/v1/live/stream`, { authorization: `Bearer ${viewer.token}` });
    expect(stream.status).toBe(200);
    await stream.waitFor((frame) => frame.kind === 'retry');
    return stream;
  };
  const bookingMessages = (stream: SseStream) => messagesOf(stream.frames).filter((message) => message.event.startsWith('booking'));

  it('tells the seller, its manager and sub-manager of a request sent to them at once, and a stranger nothing', async () => {
    const draft = await kit.draft(w.client, await kit.requestBody(w));
    const [seller, manager, subManager, stranger] = await Promise.all([openStream(w.restaurant), openStream(w.manager), openStream(w.subManager), openStream(w.stranger)]);
    await expect.poll(() => testApp.app.live.subscriberCount()).toBe(4);

    await kit.expectOk(await kit.act(draft, { action: 'submit', by: w.client }));

    for (const stream of [seller, manager, subManager]) {
      const frame = await stream.waitFor((candidate) => candidate.kind === 'message' && candidate.message.event === 'booking.changed', 2000);
      expect(frame.kind === 'message' && JSON.parse(frame.message.data)).toEqual({ booking_id: draft.id, action: 'submit', status: 'PENDING' });
    }
    // Events reach a stream in the order they were published: once this marker arrives, any booking event would have.
    await testApp.app.live.publish({ topic: `user:${w.stranger.id}`, type: 'test.marker', data: {} });
    await stranger.waitFor((frame) => frame.kind === 'message' && frame.message.event === 'test.marker');
    expect(bookingMessages(stranger)).toEqual([]);
    for (const stream of [seller, manager, subManager, stranger]) stream.close();
  });
});
