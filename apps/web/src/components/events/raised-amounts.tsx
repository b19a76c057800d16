import { useTranslation } from 'react-i18next';
import { formatMoney, type Money } from '@goodtable/shared';
import { currentLocale } from '../../lib/i18n.ts';

/** Amounts raised, one per currency (never added across currencies). */
export function RaisedAmounts({ raised, className }: { raised: Money[]; className?: string }) {
  const { i18n } = useTranslation();
  const locale = currentLocale(i18n);
  return (
    <p className={className}>
      {raised.map((money) => formatMoney(money.amount, { currency: money.currency, locale })).join(' · ')}
    </p>
  );
}
