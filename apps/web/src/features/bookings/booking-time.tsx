import { useTranslation } from 'react-i18next';
import { eventTime } from '../../lib/date-format.ts';
import { useViewerClock } from '../../lib/viewer-clock.ts';

// Moved to lib (the public share page shows event times too); re-exported for the bookings screens.
export { useViewerClock };

/**
 * An event time where the dinner happens (the restaurant's zone), and below it the viewer's own time when their
 * clock reads differently then (docs/architecture.md, Web conventions).
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
