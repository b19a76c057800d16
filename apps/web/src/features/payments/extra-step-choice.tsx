import { useTranslation } from 'react-i18next';
import { formatMoney, type Payment } from '@goodtable/shared';
import { primaryButtonClassName, secondaryButtonClassName } from '../../components/button-styles.ts';
import { currentLocale } from '../../lib/i18n.ts';

/**
 * The local provider's extra confirmation step (3-D Secure) for `payment`: its amount and the payer's two answers.
 * The intermediary page and the donate page (where a guest has no session for `/intermediary/{id}`) both show it.
 */
export function ExtraStepChoice({ payment, pending, onAnswer }: { payment: Pick<Payment, 'amount' | 'currency'>; pending: boolean; onAnswer: (outcome: 'approve' | 'fail') => void }) {
  const { t, i18n } = useTranslation('payments');
  return (
    <>
      <p className="text-slate-700">{t('intermediary.text', { amount: formatMoney(payment.amount, { currency: payment.currency, locale: currentLocale(i18n) }) })}</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={primaryButtonClassName} disabled={pending} onClick={() => onAnswer('approve')}>
          {t('intermediary.approve')}
        </button>
        <button type="button" className={secondaryButtonClassName} disabled={pending} onClick={() => onAnswer('fail')}>
          {t('intermediary.fail')}
        </button>
      </div>
    </>
  );
}
