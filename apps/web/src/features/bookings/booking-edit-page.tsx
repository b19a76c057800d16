import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';
import { BookingEditor } from './booking-editor.tsx';
import { BookingActionScreen } from './booking-form-screen.tsx';

/** /bookings/{id}/edit: the booking form, filled; a draft keeps autosaving, a sent request saves with the button. */
export function BookingEditPage() {
  const { t } = useTranslation('booking-forms');
  const session = useSession();
  return (
    <BookingActionScreen
      action="edit"
      pageName={t('edit.pageTitle')}
      heading={t('edit.heading')}
      lead={(booking) => (booking.status === 'DRAFT' ? t('edit.leadDraft') : t('edit.leadPending'))}
    >
      {(booking) => (session.user ? <BookingEditor key={booking.id} booking={booking} viewer={session.user} /> : null)}
    </BookingActionScreen>
  );
}
