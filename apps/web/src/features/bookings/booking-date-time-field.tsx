import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../components/form/text-field.tsx';
import { inputClassName } from '../../components/form/input-styles.ts';
import { eventTime } from '../../lib/date-format.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { instantFromWallClock, type WallClock } from './booking-date-time.ts';

/**
 * The event's date and time, typed on the restaurant's clock (its zone is named), with the same moment on the
 * viewer's clock when that reads differently. Used by every screen that sets a booking's time.
 */
export function BookingDateTimeField({
  legend,
  value,
  onChange,
  timeZone,
  viewerZone,
  error,
  disabled = false,
}: {
  legend: string;
  value: WallClock;
  onChange: (value: WallClock) => void;
  /** The restaurant's zone; null while no restaurant is chosen (the inputs wait for one). */
  timeZone: string | null;
  viewerZone: string;
  /** Translated error text. */
  error?: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('booking-forms');
  const id = useId();
  const errorId = `${id}-error`;
  const zoneId = `${id}-zone`;
  const instant = timeZone ? instantFromWallClock(value, timeZone) : null;
  const viewerTime =
    instant?.kind === 'instant' && timeZone
      ? eventTime({ instant: instant.iso, restaurantTimeZone: timeZone, viewerTimeZone: viewerZone, locale: currentLocale(i18n) }).forViewer
      : null;
  const describedBy = [zoneId, error ? errorId : null].filter(Boolean).join(' ');
  const inactive = disabled || !timeZone;

  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="block text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-date`} className="block text-xs text-slate-600">
            {t('dateTime.date')}
          </label>
          <input
            id={`${id}-date`}
            type="date"
            value={value.date}
            disabled={inactive}
            onChange={(event) => onChange({ ...value, date: event.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={`mt-1 ${inputClassName} ${error ? 'border-red-400' : 'border-slate-300'} disabled:bg-slate-100`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-time`} className="block text-xs text-slate-600">
            {t('dateTime.time')}
          </label>
          <input
            id={`${id}-time`}
            type="time"
            value={value.time}
            disabled={inactive}
            onChange={(event) => onChange({ ...value, time: event.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={`mt-1 ${inputClassName} ${error ? 'border-red-400' : 'border-slate-300'} disabled:bg-slate-100`}
          />
        </div>
      </div>
      <p id={zoneId} className="mt-1 text-xs text-slate-500">
        {timeZone ? t('dateTime.restaurantZone', { zone: timeZone }) : t('dateTime.chooseRestaurant')}
        {viewerTime ? (
          <>
            {' '}
            <span data-testid="viewer-time">{t('dateTime.viewerTime', { time: viewerTime, zone: viewerZone })}</span>
          </>
        ) : null}
      </p>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
