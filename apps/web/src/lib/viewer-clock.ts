import { useTranslation } from 'react-i18next';
import { currentLocale } from './i18n.ts';
import { useSession } from './session.ts';

/** The browser's zone, for a viewer whose account names none (or who is not signed in). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The viewer's time zone (account setting, else the browser's) and language, for showing event times. */
export function useViewerClock() {
  const { i18n } = useTranslation();
  const session = useSession();
  return { locale: currentLocale(i18n), timeZone: session.user?.timezone || browserTimeZone() };
}
