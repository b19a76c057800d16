import { useTranslation } from 'react-i18next';
import { BookingActionScreen } from './booking-form-screen.tsx';
import { BookingTimeForm } from './booking-time-form.tsx';

/** /bookings/{id}/change-time: the client asks for another time (after a suggestion or "not available at this time"). */
export function ChangeTimePage() {
  const { t } = useTranslation('booking-forms');
  return (
    <BookingActionScreen action="change-time" pageName={t('changeTime.pageTitle')} heading={t('changeTime.heading')} lead={() => t('changeTime.lead')}>
      {(booking) => <BookingTimeForm booking={booking} action="change-time" />}
    </BookingActionScreen>
  );
}
