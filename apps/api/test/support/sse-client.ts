import { createSseParser, type SseFrame } from '@goodtable/shared';

export type SseStream = {
  status: number;
  headers: Headers;
  /** Frames received so far (messages, comments, retry). */
  frames: SseFrame[];
  /** Waits until a frame matching `predicate` has arrived (or throws after `timeoutMs`). */
  waitFor: (predicate: (frame: SseFrame) => boolean, timeoutMs?: number) => Promise<SseFrame>;
  close: () => void;
};

/** Opens an event stream the way a fetch-based browser client does; non-200 answers keep their JSON in `errorBody`. */
export async function openSseStream(url: string, headers: Record<string, string> = {}): Promise<SseStream & { errorBody?: any }> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const frames: SseFrame[] = [];
  if (response.status !== 200) {
    const errorBody = await response.json().catch(() => undefined);
    return { status: response.status, headers: response.headers, frames, errorBody, waitFor: () => Promise.reject(new Error('no stream')), close: () => controller.abort() };
  }
  const parser = createSseParser((frame) => frames.push(frame));
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    frames,
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = frames.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => controller.abort(),
  };
}

/** The messages among the frames, in order. */
/** Reads a stream's first chunk (its `retry:` frame), then closes it: the status and headers were the point. */
export async function closeAfterFirstChunk(response: Response): Promise<void> {
  const reader = response.body?.getReader();
  await reader?.read();
  await reader?.cancel();
}

export const messagesOf = (frames: SseFrame[]) => frames.flatMap((frame) => (frame.kind === 'message' ? [frame.message] : []));
