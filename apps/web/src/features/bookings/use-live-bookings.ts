import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { openLiveEvents } from '../../lib/live-events.ts';

/** The viewer's own live stream: the server publishes a booking's change there only for its parties. */
const VIEWER_STREAM_PATH = 'live/stream';

/**
 * Refetches `queryKeys` (each a prefix) whenever a booking of the viewer's changes (created, answered, removed), so a
 * screen stays current without reload. The keys are read when the event arrives, so the stream opens only once.
 */
export function useLiveBookingQueries(queryKeys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const latestKeys = useRef(queryKeys);
  useEffect(() => {
    latestKeys.current = queryKeys;
  });
  useEffect(
    () =>
      openLiveEvents({
        path: VIEWER_STREAM_PATH,
        onEvent: (message) => {
          if (!message.event.startsWith('booking')) return;
          for (const queryKey of latestKeys.current) void queryClient.invalidateQueries({ queryKey });
        },
      }),
    [queryClient],
  );
}
