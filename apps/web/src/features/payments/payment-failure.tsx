import { useTranslation } from 'react-i18next';
import type { Payment } from '@goodtable/shared';

/** The provider's reason a payment failed, in the viewer's language when the code is known. */
export function PaymentFailure({ payment }: { payment: Payment | null }) {
  const { t } = useTranslation('payments');
  if (!payment || payment.status !== 'failed') return null;
  const message = payment.failure_code ? t(`failures.${payment.failure_code}`) : (payment.failure_message ?? t('failures.unknown'));
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}
