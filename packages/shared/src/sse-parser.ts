/** One Server-Sent Events message (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation). */
export type SseMessage = { id?: string; event: string; data: string };
/** What a parser reports: messages, comment lines (heartbeats) and the server's reconnection delay. */
export type SseFrame = { kind: 'message'; message: SseMessage } | { kind: 'comment'; text: string } | { kind: 'retry'; ms: number };

/**
 * An incremental SSE parser: feed it text chunks as they arrive (split anywhere, even inside a line or a CRLF) and
 * it calls `onFrame` for each complete message, comment and `retry` field, following the WHATWG rules.
 */
export function createSseParser(onFrame: (frame: SseFrame) => void) {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let id: string | undefined;
  let hasFields = false;

  function dispatch() {
    if (hasFields && data.length > 0) onFrame({ kind: 'message', message: { ...(id !== undefined ? { id } : {}), event: event || 'message', data: data.join('\n') } });
    data = [];
    event = '';
    id = undefined;
    hasFields = false;
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return onFrame({ kind: 'comment', text: text.slice(1).trimStart() });
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    hasFields = true;
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onFrame({ kind: 'retry', ms: Number(value) });
  }

  return {
    push(chunk: string) {
      buffer += chunk;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        // A lone CR at the end may be the first half of a CRLF: wait for the next chunk.
        if (!match || (match[0] === '\r' && match.index === buffer.length - 1)) return;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
  };
}
