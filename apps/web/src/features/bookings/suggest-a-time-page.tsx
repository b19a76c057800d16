import { useTranslation } from 'react-i18next';
import { BookingActionScreen } from './booking-form-screen.tsx';
import { BookingTimeForm } from './booking-time-form.tsx';

/** /bookings/{id}/suggest-a-time: the restaurant side proposes another time for a request it cannot host as asked. */
export function SuggestATimePage() {
  const { t } = useTranslation('booking-forms');
  return (
    <BookingActionScreen action="suggest-time" pageName={t('suggestTime.pageTitle')} heading={t('suggestTime.heading')} lead={() => t('suggestTime.lead')}>
      {(booking) => <BookingTimeForm booking={booking} action="suggest-time" />}
    </BookingActionScreen>
  );
}
