import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SseMessage } from '@goodtable/shared';
import { neverAnswers, stubApi } from '../test/stub-api.ts';
import { openLiveEvents } from './live-events.ts';
import { storeToken } from './stored-token.ts';

/** A streamed response whose body arrives in the given chunks, then ends (the connection dropped). */
function streamResponse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

beforeEach(() => {
  localStorage.clear();
  storeToken({ access_token: 'session-token', expires_at: '2999-01-01T00:00:00.000Z' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live events client', () => {
  it('sends the bearer header, parses events split across chunks, and resumes with Last-Event-ID after a drop', async () => {
    const responses = [
      streamResponse(['retry: 5\n\nid: 4\nevent: notification.created\nda', 'ta: {"n":1}\n\n: heartbeat\n\n']),
      streamResponse(['id: 5\nevent: notification.created\ndata: {"n":2}\n\n']),
    ];
    const api = stubApi({ 'GET /v1/live/stream': () => responses.shift() ?? neverAnswers() });
    const received: SseMessage[] = [];
    const close = openLiveEvents({ path: 'live/stream', onEvent: (message) => received.push(message) });

    await vi.waitFor(() => expect(received).toHaveLength(2));
    close();
    expect(received).toEqual([
      { id: '4', event: 'notification.created', data: '{"n":1}' },
      { id: '5', event: 'notification.created', data: '{"n":2}' },
    ]);
    const [first, second] = api.calls;
    expect(first!.url).toBe('/v1/live/stream');
    expect(first!.headers).toMatchObject({ Authorization: 'Bearer session-token' });
    expect(first!.headers).not.toHaveProperty('Last-Event-ID');
    expect(second!.headers).toMatchObject({ Authorization: 'Bearer session-token', 'Last-Event-ID': '4' });
  });

  it('stops and reports when the server refuses the session', async () => {
    vi.useFakeTimers();
    const api = stubApi({ 'GET /v1/live/stream': () => new Response('{}', { status: 401 }) });
    const onUnauthorized = vi.fn();
    openLiveEvents({ path: 'live/stream', onEvent: () => undefined, onUnauthorized, initialDelayMs: 1 });
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    // Every timer the client left has fired: a scheduled reconnection would have called again.
    await vi.runAllTimersAsync();
    expect(api.calls).toHaveLength(1);
  });
});
