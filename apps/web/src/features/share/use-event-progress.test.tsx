import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEventProgress } from './event-progress.ts';

/** The browser's EventSource as far as the hook uses it: listeners, a way to deliver a frame, close. */
class RecordingEventSource extends EventTarget {
  static opened: RecordingEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    RecordingEventSource.opened.push(this);
  }
  deliver(type: string, data: string) {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
  close() {
    this.closed = true;
  }
}

describe('useEventProgress', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    RecordingEventSource.opened = [];
  });

  it('starts from the loaded progress, follows the event’s stream and closes it when the page goes', () => {
    vi.stubGlobal('EventSource', RecordingEventSource);
    const id = '2b1f8a34-9c1e-4f0a-8d57-3c0b7f6d2e11';
    const { result, unmount } = renderHook(() => useEventProgress(id, { tickets_left: 18, raised: 140000 }));
    expect(result.current).toEqual({ tickets_left: 18, raised: 140000 });
    const [source] = RecordingEventSource.opened;
    expect(source!.url).toBe(`/v1/events/${id}/stream`);

    act(() => source!.deliver('event.progress', '{"tickets_left":15,"raised":170000}'));
    expect(result.current).toEqual({ tickets_left: 15, raised: 170000 });
    // A frame that is not progress changes nothing.
    act(() => source!.deliver('event.progress', '{"tickets_left":"x"}'));
    expect(result.current).toEqual({ tickets_left: 15, raised: 170000 });

    unmount();
    expect(source!.closed).toBe(true);
  });
});
