import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from './i18n.ts';
import { useSession } from './session.ts';

/** The browser's zone, for a viewer whose account names none (or who is not signed in). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const zoneNeverChanges = () => () => undefined;

/**
 * The viewer's time zone (account setting, else the browser's) and language, for showing event times. Only the
 * browser knows its zone: the server's render of a page, and the browser's hydration of it, use `fallbackTimeZone`
 * (the event's own), and the page shows the viewer's time right after.
 */
export function useViewerClock(fallbackTimeZone?: string | null) {
  const { i18n } = useTranslation();
  const session = useSession();
  const browserZone = useSyncExternalStore(zoneNeverChanges, browserTimeZone, () => undefined);
  return { locale: currentLocale(i18n), timeZone: session.user?.timezone || browserZone || fallbackTimeZone || 'UTC' };
}
