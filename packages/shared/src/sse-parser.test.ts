import { describe, expect, it } from 'vitest';
import { createSseParser, type SseFrame } from './sse-parser.ts';

function parse(chunks: string[]): SseFrame[] {
  const frames: SseFrame[] = [];
  const parser = createSseParser((frame) => frames.push(frame));
  for (const chunk of chunks) parser.push(chunk);
  return frames;
}

describe('SSE parser', () => {
  it('reads id, event and multi-line data, and the retry field', () => {
    expect(parse(['retry: 3000\n\nid: 7\nevent: booking.updated\ndata: {"a":1}\ndata: second\n\n'])).toEqual([
      { kind: 'retry', ms: 3000 },
      { kind: 'message', message: { id: '7', event: 'booking.updated', data: '{"a":1}\nsecond' } },
    ]);
  });

  it('puts messages back together whatever the chunking, with LF, CR or CRLF line ends', () => {
    const text = 'id: 1\r\ndata: one\r\n\r\nid: 2\rdata: two\r\r: heartbeat\n\n';
    const expected = [
      { kind: 'message', message: { id: '1', event: 'message', data: 'one' } },
      { kind: 'message', message: { id: '2', event: 'message', data: 'two' } },
      { kind: 'comment', text: 'heartbeat' },
    ];
    expect(parse([text])).toEqual(expected);
    expect(parse(text.split(''))).toEqual(expected);
    expect(parse([text.slice(0, 7), text.slice(7, 18), text.slice(18)])).toEqual(expected);
  });

  it('keeps a heartbeat comment apart and dispatches nothing for a block without data', () => {
    expect(parse([': keep-alive\n\nevent: ping\n\ndata:no space\n\n'])).toEqual([
      { kind: 'comment', text: 'keep-alive' },
      { kind: 'message', message: { event: 'message', data: 'no space' } },
    ]);
  });

  it('waits for the blank line before dispatching', () => {
    expect(parse(['id: 3\ndata: partial\n'])).toEqual([]);
  });
});
