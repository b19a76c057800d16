import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/support/test-app.ts';
import { httpClient, signUpClient } from '../../test/support/http-client.ts';
import { messagesOf, openSseStream } from '../../test/support/sse-client.ts';

/**
 * Two API instances on one database (two connection pools and listeners on PostgreSQL; on PGlite both apps share
 * the in-process database and its LISTEN).
 */
describe('live updates', () => {
  const first = useTestApp({ env: { LIVE_HEARTBEAT_MS: '150' } });
  const second = useTestApp({ env: { LIVE_HEARTBEAT_MS: '150' }, sharedWith: first });

  it('delivers an event published by another instance to the viewer’s stream, and nothing rolled back', async () => {
    const { token, user } = await signUpClient(httpClient(first.baseUrl));
    const stream = await openSseStream(`${second.baseUrl}/v1/live/stream`, { authorization: `Bearer ${token}` });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.waitFor((frame) => frame.kind === 'retry');
    await expect.poll(() => second.app.live.subscriberCount()).toBe(1);

    await expect(
      first.database.db.transaction(async (tx) => {
        await first.app.live.publish({ topic: `user:${user.id}`, type: 'test.rolled-back', data: {} }, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await first.app.live.publish({ topic: `user:${user.id}`, type: 'booking.updated', data: { booking: 'b-1', status: 'accepted' } });
    await first.app.live.publish({ topic: 'user:someone-else', type: 'booking.updated', data: { booking: 'b-2' } });
    // Published after the others and delivered in order: once it arrived, anything else meant for this viewer had too.
    await first.app.live.publish({ topic: `user:${user.id}`, type: 'test.last', data: {} });

    const received = await stream.waitFor((frame) => frame.kind === 'message');
    expect(received).toMatchObject({ kind: 'message', message: { event: 'booking.updated' } });
    expect(received.kind === 'message' && JSON.parse(received.message.data)).toEqual({ booking: 'b-1', status: 'accepted' });
    await stream.waitFor((frame) => frame.kind === 'message' && frame.message.event === 'test.last');
    expect(messagesOf(stream.frames).map((message) => message.event)).toEqual(['booking.updated', 'test.last']);
    stream.close();
  });

  it('sends heartbeat comments while nothing happens', async () => {
    const { token } = await signUpClient(httpClient(first.baseUrl));
    const stream = await openSseStream(`${first.baseUrl}/v1/live/stream`, { authorization: `Bearer ${token}` });
    await stream.waitFor((frame) => frame.kind === 'comment' && frame.text === 'heartbeat', 3000);
    stream.close();
  });

  it('replays the events missed since Last-Event-ID, in order, then goes on live', async () => {
    const { token, user } = await signUpClient(httpClient(first.baseUrl));
    const topic = `user:${user.id}`;
    const seen = await first.app.live.publish({ topic, type: 'notification.created', data: { n: 1 } });
    await first.app.live.publish({ topic, type: 'notification.created', data: { n: 2 } });
    await first.app.live.publish({ topic: 'user:another', type: 'notification.created', data: { n: 'not yours' } });
    await first.app.live.publish({ topic, type: 'notification.created', data: { n: 3 } });

    const stream = await openSseStream(`${second.baseUrl}/v1/live/stream`, { authorization: `Bearer ${token}`, 'last-event-id': String(seen.id) });
    await stream.waitFor(() => messagesOf(stream.frames).length >= 2);
    await first.app.live.publish({ topic, type: 'notification.created', data: { n: 4 } });
    await stream.waitFor(() => messagesOf(stream.frames).length >= 3);
    const messages = messagesOf(stream.frames);
    expect(messages.map((message) => JSON.parse(message.data).n)).toEqual([2, 3, 4]);
    expect(messages.map((message) => Number(message.id))).toEqual([...messages.map((message) => Number(message.id))].sort((a, b) => a - b));
    expect(Number(messages[0]!.id)).toBeGreaterThan(seen.id);
    stream.close();
  });

  it('answers 401 without a token, with a bad token or with an unknown ticket', async () => {
    for (const [url, headers] of [
      [`${first.baseUrl}/v1/live/stream`, {}],
      [`${first.baseUrl}/v1/live/stream`, { authorization: 'Bearer not-a-session' }],
      [`${first.baseUrl}/v1/live/stream?ticket=made-up`, {}],
    ] as const) {
      const stream = await openSseStream(url, headers);
      expect(stream.status).toBe(401);
      expect(stream.errorBody).toMatchObject({ statusCode: 401, code: 'auth.unauthorized' });
    }
    expect((await httpClient(first.baseUrl).post('/v1/live/tickets')).status).toBe(401);
  });

  it('opens a stream once with a ticket, which expires after 60 seconds of business time', async () => {
    const api = httpClient(first.baseUrl);
    const { token, user } = await signUpClient(api);
    const issued = await api.post('/v1/live/tickets', { token });
    expect(issued.status).toBe(201);
    expect(Date.parse(issued.body.expires_at) - first.app.clock.now().getTime()).toBeGreaterThan(55_000);

    const stream = await openSseStream(`${second.baseUrl}/v1/live/stream?ticket=${encodeURIComponent(issued.body.ticket)}`);
    expect(stream.status).toBe(200);
    await first.app.live.publish({ topic: `user:${user.id}`, type: 'hello', data: { via: 'ticket' } });
    await stream.waitFor((frame) => frame.kind === 'message');
    stream.close();
    expect((await openSseStream(`${first.baseUrl}/v1/live/stream?ticket=${encodeURIComponent(issued.body.ticket)}`)).status).toBe(401);

    const late = await api.post('/v1/live/tickets', { token });
    await api.post('/dev/clock', { body: { advance_ms: 61_000 } });
    expect((await openSseStream(`${first.baseUrl}/v1/live/stream?ticket=${encodeURIComponent(late.body.ticket)}`)).status).toBe(401);
  });

  it('releases a stream when the client goes away', async () => {
    const { token } = await signUpClient(httpClient(first.baseUrl));
    const before = first.app.live.subscriberCount();
    const stream = await openSseStream(`${first.baseUrl}/v1/live/stream`, { authorization: `Bearer ${token}` });
    await expect.poll(() => first.app.live.subscriberCount()).toBe(before + 1);
    stream.close();
    await expect.poll(() => first.app.live.subscriberCount()).toBe(before);
  });
});
