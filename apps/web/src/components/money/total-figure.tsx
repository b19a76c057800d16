import { useTranslation } from 'react-i18next';
import { formatMoney } from '@goodtable/shared';
import { currentLocale } from '../../lib/i18n.ts';

/** A labelled amount of a totals card (a `dt` and its `dd`s, inside the caller's `dl`), in the viewer's locale. */
export function TotalFigure({ label, amount, currency, help }: { label: string; amount: number; currency: string; help?: string }) {
  const { i18n } = useTranslation();
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900 [overflow-wrap:anywhere]">{formatMoney(amount, { currency, locale: currentLocale(i18n) })}</dd>
      {help ? <dd className="mt-1 text-xs text-slate-500">{help}</dd> : null}
    </div>
  );
}
