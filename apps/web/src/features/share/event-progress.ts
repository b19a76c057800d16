import { useEffect, useState } from 'react';
import type { EventProgress } from '@goodtable/shared';
import { eventStreamUrl } from './share-api.ts';

/** How much of the goal is raised, as a whole percentage from 0 to 100 (0 without a goal). */
export function goalPercent(raised: number, goal: number | null): number {
  if (!goal || goal <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((raised / goal) * 100)));
}

/** The progress a stream frame carries, or null for anything else (the server's data, checked by hand: no zod here). */
export function parseProgressFrame(data: string): EventProgress | null {
  try {
    const value = JSON.parse(data) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { tickets_left: ticketsLeft, raised } = value as Record<string, unknown>;
    return Number.isInteger(ticketsLeft) && Number.isInteger(raised) ? { tickets_left: ticketsLeft as number, raised: raised as number } : null;
  } catch {
    return null;
  }
}

/**
 * The event's tickets left and money raised, starting from what the page loaded and following the event's stream.
 * The browser's EventSource reconnects by itself (with `Last-Event-ID`), and the server sends the current progress
 * first on every connection, so nothing missed while away stays missed.
 */
export function useEventProgress(id: string, initial: EventProgress): EventProgress {
  const [progress, setProgress] = useState(initial);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(eventStreamUrl(id));
    source.addEventListener('event.progress', (message) => {
      const next = parseProgressFrame((message as MessageEvent<string>).data);
      if (next) setProgress(next);
    });
    return () => source.close();
  }, [id]);
  return progress;
}
