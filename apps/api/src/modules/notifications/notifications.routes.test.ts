import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { messagesOf, openSseStream } from '../../../test/support/sse-client.ts';
import { useBookingWorld } from '../bookings/test/booking-test-kit.ts';

type Account = { id: string; token: string };

/**
 * In-app notifications over real HTTP: booking transitions notify the other party, the calls of docs/product.md, API calls read, mark
 * and delete only the viewer's own, and the stream delivers them from another API instance on the same database.
 */
describe('notifications API', () => {
  const { testApp: first, kit, w } = useBookingWorld({ env: { LIVE_HEARTBEAT_MS: '200' } });
  const second = useTestApp({ env: { LIVE_HEARTBEAT_MS: '200' }, sharedWith: first });

  const list = async (who: Account, query = '') => kit.expectOk(await kit.api.get(`/v1/notification${query}`, { token: who.token }));
  const unread = async (who: Account) => (await kit.expectOk(await kit.api.get('/v1/notification/unread', { token: who.token }))).total as number;

  it('tells the client when the restaurant accepts, in the client’s language, with the sender and the booking, HTML escaped', async () => {
    const client = await kit.account('user', { language: 'vn' });
    const booking = await kit.pending({ ...w, client }, { overrides: { title: 'Cá & <b>khoai</b>' } });
    expect(await unread(client)).toBe(0);
    await kit.expectOk(await kit.act(booking, { action: 'accept', by: w.restaurant }));

    expect(await unread(client)).toBe(1);
    const page = await list(client);
    expect(page).toMatchObject({ page: 1, limit: 10, totalPages: 1, totalResults: 1 });
    expect(page.data).toEqual([
      {
        id: expect.any(String),
        object_type: 'booking',
        object_id: booking.id,
        title: '<strong>Lan Pham</strong> đã chấp nhận đặt chỗ <strong>“Cá &amp; &lt;b&gt;khoai&lt;/b&gt;”</strong>',
        // The restaurant and the event's time in its zone, in Vietnamese.
        content: expect.stringMatching(new RegExp(`^${w.restaurant.name} · .*tháng.*\\(giờ ${w.restaurant.timezone}\\)$`)),
        user: { first_name: 'Lan', last_name: 'Pham' },
        is_read: false,
        created_at: expect.any(String),
      },
    ]);
    // The restaurant side acted: none of them hears of it.
    for (const member of [w.restaurant, w.manager, w.subManager]) {
      expect((await list(member)).data.some((item: { object_id: string; title: string }) => item.object_id === booking.id && item.title.includes('accepted'))).toBe(false);
    }
  });

  it('tells the seller and every manager and sub-manager of a request, never the client who sent it', async () => {
    const client = await kit.account('user');
    const before = await Promise.all([w.restaurant, w.manager, w.subManager].map(unread));
    const booking = await kit.pending({ ...w, client });
    const after = await Promise.all([w.restaurant, w.manager, w.subManager].map(unread));
    expect(after).toEqual(before.map((count) => count + 1));
    const newest = (await list(w.manager, '?limit=1')).data[0];
    expect(newest).toMatchObject({ object_id: booking.id, is_read: false, title: '<strong>Lan Pham</strong> sent the booking request <strong>“Dinner for the shelter”</strong>' });
    expect(await unread(client)).toBe(0);
  });

  it('pages newest first, and marks some, then all, read', async () => {
    const seller = await kit.restaurant();
    const client = await kit.account('user');
    const sent = [];
    for (let index = 0; index < 12; index += 1) sent.push(await kit.pending({ ...w, restaurant: seller, client }, { overrides: { title: `Dinner ${index}` } }));
    expect(await unread(seller)).toBe(12);

    const firstPage = await list(seller, '?limit=10&page=1');
    const secondPage = await list(seller, '?limit=10&page=2');
    expect(firstPage).toMatchObject({ page: 1, totalPages: 2, totalResults: 12 });
    expect(firstPage.data).toHaveLength(10);
    expect(secondPage.data.map((item: { object_id: string }) => item.object_id)).toEqual([sent[1]!.id, sent[0]!.id]);
    expect(firstPage.data[0].object_id).toBe(sent[11]!.id);
    const times = [...firstPage.data, ...secondPage.data].map((item: { created_at: string }) => Date.parse(item.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const two = firstPage.data.slice(0, 2).map((item: { id: string }) => item.id);
    expect((await kit.api.put('/v1/notification/read-some', { body: { ids: two }, token: seller.token })).status).toBe(204);
    expect(await unread(seller)).toBe(10);
    expect((await list(seller, '?limit=2')).data.map((item: { is_read: boolean }) => item.is_read)).toEqual([true, true]);

    expect((await kit.api.put('/v1/notification', { token: seller.token })).status).toBe(204);
    expect(await unread(seller)).toBe(0);
    expect((await list(seller, '?limit=100')).data.every((item: { is_read: boolean }) => item.is_read)).toBe(true);
  });

  it('reads, marks and deletes only the viewer’s own: another user’s ids answer 404 and change nothing', async () => {
    const client = await kit.account('user');
    const booking = await kit.pending({ ...w, client });
    await kit.expectOk(await kit.act(booking, { action: 'accept', by: w.restaurant }));
    const [theirs] = (await list(client)).data;
    const stranger = w.stranger;

    const readByStranger = await kit.api.put('/v1/notification/read-some', { body: { ids: [theirs.id] }, token: stranger.token });
    expect(readByStranger.status).toBe(404);
    expect(readByStranger.body).toMatchObject({ code: 'notifications.notFound' });
    expect((await kit.api.delete(`/v1/notification/${theirs.id}`, { token: stranger.token })).status).toBe(404);
    // One of the seller's own with one of the client's: 404, and the seller's stays unread too.
    const [sellersOwn] = (await list(w.restaurant, '?limit=1')).data;
    const sellerUnread = await unread(w.restaurant);
    expect((await kit.api.put('/v1/notification/read-some', { body: { ids: [sellersOwn.id, theirs.id] }, token: w.restaurant.token })).status).toBe(404);
    expect(await unread(w.restaurant)).toBe(sellerUnread);
    expect(await unread(client)).toBe(1);
    expect((await list(client)).data).toEqual([theirs]);

    expect((await kit.api.put('/v1/notification/read-some', { body: { ids: ['not-an-id'] }, token: client.token })).body).toMatchObject({
      statusCode: 400,
      details: [{ field: 'ids.0' }],
    });
    expect((await kit.api.get('/v1/notification?limit=0', { token: client.token })).status).toBe(400);
    expect((await kit.api.get('/v1/notification/unread')).status).toBe(401);

    expect((await kit.api.delete(`/v1/notification/${theirs.id}`, { token: client.token })).status).toBe(204);
    expect(await list(client)).toMatchObject({ data: [], totalResults: 0, totalPages: 0 });
    expect(await unread(client)).toBe(0);
    expect((await kit.api.delete(`/v1/notification/${theirs.id}`, { token: client.token })).status).toBe(404);
  });

  it('streams a new notification, naming its booking, from another instance on the same database', async () => {
    const client = await kit.account('user');
    const booking = await kit.pending({ ...w, client });
    const onSecond = await openSseStream(`${second.baseUrl}/v1/notification/stream`, { authorization: `Bearer ${client.token}` });
    const onFirst = await openSseStream(`${first.baseUrl}/v1/notification/stream`, { authorization: `Bearer ${client.token}` });
    expect(onSecond.status).toBe(200);
    await Promise.all([onSecond, onFirst].map((stream) => stream.waitFor((frame) => frame.kind === 'retry')));
    await expect.poll(() => second.app.live.subscriberCount()).toBeGreaterThan(0);

    await kit.expectOk(await kit.act(booking, { action: 'accept', by: w.restaurant }));
    const [created] = (await list(client)).data;
    for (const stream of [onSecond, onFirst]) {
      const frame = await stream.waitFor((candidate) => candidate.kind === 'message');
      expect(frame).toMatchObject({ kind: 'message', message: { event: 'notification.created' } });
      expect(frame.kind === 'message' && JSON.parse(frame.message.data)).toEqual({ id: created.id, object_type: 'booking', object_id: booking.id });
    }

    // Marking it read in one tab tells the others, so their badge follows.
    await kit.api.put('/v1/notification/read-some', { body: { ids: [created.id] }, token: client.token });
    const updated = await onSecond.waitFor((frame) => frame.kind === 'message' && frame.message.event === 'notification.updated');
    expect(updated.kind === 'message' && JSON.parse(updated.message.data)).toMatchObject({ id: created.id });
    // Only the viewer's own: the stream carries nothing of the booking's other events or other people.
    expect(messagesOf(onSecond.frames).map((message) => message.event)).toEqual(['notification.created', 'notification.updated']);
    onSecond.close();
    onFirst.close();
  });
});
