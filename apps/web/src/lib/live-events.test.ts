import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SseMessage } from '@goodtable/shared';
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
afterEach(() => vi.unstubAllGlobals());

describe('live events client', () => {
  it('sends the bearer header, parses events split across chunks, and resumes with Last-Event-ID after a drop', async () => {
    const responses = [
      streamResponse(['retry: 5\n\nid: 4\nevent: notification.created\nda', 'ta: {"n":1}\n\n: heartbeat\n\n']),
      streamResponse(['id: 5\nevent: notification.created\ndata: {"n":2}\n\n']),
    ];
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => responses.shift() ?? new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    const received: SseMessage[] = [];
    const close = openLiveEvents({ path: 'live/stream', onEvent: (message) => received.push(message) });

    await vi.waitFor(() => expect(received).toHaveLength(2));
    close();
    expect(received).toEqual([
      { id: '4', event: 'notification.created', data: '{"n":1}' },
      { id: '5', event: 'notification.created', data: '{"n":2}' },
    ]);
    const [firstUrl, firstInit] = fetchMock.mock.calls[0]!;
    expect(firstUrl).toBe('/v1/live/stream');
    expect(firstInit?.headers).toMatchObject({ Authorization: 'Bearer session-token' });
    expect(firstInit?.headers).not.toHaveProperty('Last-Event-ID');
    expect(fetchMock.mock.calls[1]![1]?.headers).toMatchObject({ Authorization: 'Bearer session-token', 'Last-Event-ID': '4' });
  });

  it('stops and reports when the server refuses the session', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    const onUnauthorized = vi.fn();
    openLiveEvents({ path: 'live/stream', onEvent: () => undefined, onUnauthorized, initialDelayMs: 1 });
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
