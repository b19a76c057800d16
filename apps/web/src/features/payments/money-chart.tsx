import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, localeToLanguageTag, type EarnerMonth } from '@goodtable/shared';
import { currentLocale } from '../../lib/i18n.ts';
import { CHART_SERIES, chartAxisLabels, chartCurrencies, chartLayout, chartMonthName, type ChartSeries } from './payment-history.ts';

const WIDTH = 600;
const HEIGHT = 180;
const SERIES_COLOURS: Record<ChartSeries, string> = { received: '#94a3b8', earned: '#047857', paid_out: '#1d4ed8' };

/**
 * Money over time as plain SVG bars (no chart library): per month, what clients paid, what was earned and what was
 * paid out, in one currency at a time. Each bar is labelled for screen readers; the legend names the colours. Months
 * are named by `Intl` in the viewer's language; the axis is HTML under the SVG (which scales down on a phone), so its
 * text stays 12 px, a phone keeping about six labels.
 */
export function MoneyChart({ months }: { months: readonly EarnerMonth[] }) {
  const { t, i18n } = useTranslation('payment-history');
  const locale = currentLocale(i18n);
  const languageTag = localeToLanguageTag(locale);
  const currencies = chartCurrencies(months);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const currency = picked && currencies.includes(picked) ? picked : currencies[0];
  const headingId = useId();
  const selectId = useId();
  const layout = currency ? chartLayout({ months, currency, size: { width: WIDTH, height: HEIGHT } }) : null;

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {t('chart.heading')}
        </h2>
        {currencies.length > 1 ? (
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={selectId} className="text-slate-600">
              {t('chart.currency')}
            </label>
            <select id={selectId} value={currency} onChange={(event) => setPicked(event.target.value)} className="rounded-md border border-slate-300 px-2 py-1">
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {!layout || layout.bars.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('chart.empty')}</p>
      ) : (
        <>
          <ul className="mt-3 flex flex-wrap gap-4 text-xs text-slate-600">
            {CHART_SERIES.map((series) => (
              <li key={series} className="flex items-center gap-1.5">
                <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: SERIES_COLOURS[series] }} />
                {t(`chart.series.${series}`)}
              </li>
            ))}
          </ul>
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mt-3 h-auto w-full" role="img" aria-label={t('chart.description', { currency })} data-testid="money-chart">
            <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} stroke="#cbd5e1" />
            {layout.bars.map((bar) => (
              <rect key={`${bar.month}-${bar.series}`} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={SERIES_COLOURS[bar.series]} rx={2}>
                <title>{t('chart.bar', { month: chartMonthName({ month: bar.month, languageTag, style: 'full' }), series: t(`chart.series.${bar.series}`), amount: formatMoney(bar.value, { currency: currency!, locale }) })}</title>
              </rect>
            ))}
          </svg>
          {/* The bars' titles name each month in full: the axis is for the eye only. */}
          <div aria-hidden="true" className="relative mt-1 h-9 text-xs leading-tight text-slate-600" data-testid="money-chart-axis">
            {chartAxisLabels({ months: layout.months.map((month) => month.month), languageTag }).map((label, index) => (
              <span
                key={label.month}
                className={`absolute -translate-x-1/2 text-center whitespace-nowrap ${label.narrow ? '' : 'max-sm:hidden'}`}
                style={{ left: `${(layout.months[index]!.x / WIDTH) * 100}%` }}
              >
                {label.name}
                {label.year ? <span className="block text-slate-400">{label.year}</span> : null}
              </span>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
