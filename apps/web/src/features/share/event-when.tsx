import { useTranslation } from 'react-i18next';
import type { PublicEventDetail } from '@goodtable/shared';
import { eventTime } from '../../lib/long-date-time.ts';
import { useViewerClock } from '../../lib/viewer-clock.ts';

/** When the dinner is, in the restaurant's zone, and the viewer's own time below it when their clock differs. */
export function EventWhen({ event }: { event: PublicEventDetail }) {
  const { t } = useTranslation('share');
  const { locale, timeZone } = useViewerClock(event.restaurant.time_zone);
  const time = eventTime({ instant: event.date, restaurantTimeZone: event.restaurant.time_zone || timeZone, viewerTimeZone: timeZone, locale });
  return (
    <span className="inline-flex flex-col">
      <time dateTime={event.date}>{time.atRestaurant}</time>
      {time.forViewer ? <span className="text-sm text-slate-500">{t('event.yourTime', { time: time.forViewer })}</span> : null}
    </span>
  );
}
