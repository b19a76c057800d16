import { useTranslation } from 'react-i18next';
import { eventTime } from '../../lib/date-format.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

/** The browser's zone, for a viewer whose account names none. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The viewer's time zone (account setting, else the browser's) and language, for showing event times. */
export function useViewerClock() {
  const { i18n } = useTranslation();
  const session = useSession();
  return { locale: currentLocale(i18n), timeZone: session.user?.timezone || browserTimeZone() };
}

/**
 * An event time where the dinner happens (the restaurant's zone), and below it the viewer's own time when their
 * clock reads differently then (DESIGN.md §8).
 */
export function BookingTime({ instant, restaurantTimeZone }: { instant: string; restaurantTimeZone: string | null | undefined }) {
  const { t } = useTranslation('bookings');
  const { locale, timeZone } = useViewerClock();
  const time = eventTime({ instant, restaurantTimeZone: restaurantTimeZone || timeZone, viewerTimeZone: timeZone, locale });
  return (
    <span className="inline-flex flex-col">
      <time dateTime={instant}>{time.atRestaurant}</time>
      {time.forViewer ? <span className="text-xs text-slate-500">{t('time.yourTime', { time: time.forViewer })}</span> : null}
    </span>
  );
}
