import { useTranslation } from 'react-i18next';
import type { BookingLabel, BookingLabelColour } from '@goodtable/shared';

/**
 * Light background, dark text of the same hue: every pair is above WCAG AA's 4.5:1 for small text. The text says the
 * status, so the colour only repeats it (the dot is decoration).
 */
const BADGE_STYLES: Readonly<Record<BookingLabelColour, { badge: string; dot: string }>> = {
  gray: { badge: 'bg-slate-100 text-slate-800 ring-slate-300', dot: 'bg-slate-500' },
  blue: { badge: 'bg-blue-50 text-blue-800 ring-blue-200', dot: 'bg-blue-600' },
  amber: { badge: 'bg-amber-50 text-amber-900 ring-amber-300', dot: 'bg-amber-500' },
  purple: { badge: 'bg-purple-50 text-purple-800 ring-purple-200', dot: 'bg-purple-600' },
  green: { badge: 'bg-green-50 text-green-800 ring-green-200', dot: 'bg-green-600' },
  red: { badge: 'bg-red-50 text-red-800 ring-red-200', dot: 'bg-red-600' },
};

/** A booking's status label (from `statusLabel` / the API's `label`) as a coloured badge. */
export function BookingStatusBadge({ label }: { label: BookingLabel }) {
  const { t } = useTranslation('bookings');
  const style = BADGE_STYLES[label.colour];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${style.badge}`}
      data-colour={label.colour}
    >
      <span className="sr-only">{t('badge.status')} </span>
      <span aria-hidden="true" className={`size-1.5 shrink-0 rounded-full ${style.dot}`} />
      {t(`label.${label.key}`)}
    </span>
  );
}
