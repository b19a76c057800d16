import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Payment } from '@goodtable/shared';
import { secondaryButtonClassName } from '../../components/button-styles.ts';
import { currentLocale } from '../../lib/i18n.ts';

/** Where to send a bank transfer (`BANK_DEPOSIT`): the platform's account, the amount and the reference to quote. */
export function BankTransferDetails({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation('payments');
  const [copied, setCopied] = useState(false);
  const details = payment.bank_transfer;
  if (!details) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(details.reference);
      setCopied(true);
    } catch {
      // No clipboard access (permission refused, insecure context): the reference stays on screen to copy by hand.
      setCopied(false);
    }
  };
  const rows: [string, string][] = [
    [t('bankTransfer.amount'), formatMoney(payment.amount, { currency: payment.currency, locale: currentLocale(i18n) })],
    [t('bankTransfer.accountName'), details.account_name],
    [t('bankTransfer.bankName'), details.bank_name],
    ...(details.bsb ? ([[t('bankTransfer.bsb'), details.bsb]] as [string, string][]) : []),
    [t('bankTransfer.accountNumber'), details.account_number],
  ];
  return (
    <section aria-labelledby={`transfer-${payment.id}`} className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h2 id={`transfer-${payment.id}`} className="font-semibold text-slate-900">
        {t('bankTransfer.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('bankTransfer.text')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-500">{term}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
        <dt className="text-slate-500">{t('bankTransfer.reference')}</dt>
        <dd className="flex flex-wrap items-center gap-3">
          <span className="font-mono text-base font-semibold text-slate-900" data-testid="transfer-reference">
            {details.reference}
          </span>
          <button type="button" className={secondaryButtonClassName} onClick={() => void copy()}>
            {t('bankTransfer.copy')}
          </button>
          <span role="status" className="text-xs text-slate-600">
            {copied ? t('bankTransfer.copied') : ''}
          </span>
        </dd>
      </dl>
      <p className="text-sm text-slate-600">{t('bankTransfer.after')}</p>
    </section>
  );
}
