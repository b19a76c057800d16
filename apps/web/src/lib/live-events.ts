import { createSseParser, type SseMessage } from '@goodtable/shared';
import { buildUrl } from './api-client.ts';
import { readStoredToken } from './stored-token.ts';

export type LiveEventsOptions = {
  /** Stream path under /v1/, e.g. `live/stream`. */
  path: string;
  onEvent: (message: SseMessage) => void;
  /** Called when the server refuses the session (401): the stream stops instead of retrying. */
  onUnauthorized?: () => void;
  /** First wait before reconnecting (the server's `retry:` replaces it); doubles per failure up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
};

/**
 * A fetch-based event source: unlike `EventSource` it sends the `Authorization: Bearer` header, so the session token
 * never goes into a URL. Reconnects with backoff and `Last-Event-ID`, so the server replays what was missed.
 * Returns the function that closes the stream.
 */
export function openLiveEvents(options: LiveEventsOptions): () => void {
  const controller = new AbortController();
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  let baseDelayMs = options.initialDelayMs ?? 1000;
  let failures = 0;
  let lastEventId: string | undefined;

  async function connectOnce(): Promise<'retry' | 'stop'> {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    const token = readStoredToken();
    if (token) headers.Authorization = `Bearer ${token.access_token}`;
    if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
    const response = await fetch(buildUrl(options.path), { headers, signal: controller.signal, cache: 'no-store' });
    if (response.status === 401) {
      options.onUnauthorized?.();
      return 'stop';
    }
    if (!response.ok || !response.body) return 'retry';
    failures = 0;
    const parser = createSseParser((frame) => {
      if (frame.kind === 'retry') baseDelayMs = frame.ms;
      if (frame.kind !== 'message') return;
      if (frame.message.id !== undefined) lastEventId = frame.message.id;
      options.onEvent(frame.message);
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'retry';
      parser.push(value);
    }
  }

  void (async () => {
    while (!controller.signal.aborted) {
      let outcome: 'retry' | 'stop';
      try {
        outcome = await connectOnce();
      } catch {
        outcome = 'retry';
      }
      if (outcome === 'stop' || controller.signal.aborted) return;
      const delay = Math.min(baseDelayMs * 2 ** failures, maxDelayMs);
      failures += 1;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  })();

  return () => controller.abort();
}
