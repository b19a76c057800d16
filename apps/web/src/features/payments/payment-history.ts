import { currencyFractionDigits, earnerRowTotal, minorToMajor, PAYMENT_TYPES, type EarnerMonth, type PaymentListItem } from '@goodtable/shared';

/**
 * The pure parts of the payments screens: which way a row's money went for the viewer, the CSV
 * export and the chart's geometry.
 */

/** The side of the money the viewer is on: a payer (a client's own payments) or an earner (restaurant, cause). */
export type PaymentViewer = 'payer' | 'earner';

export type MoneyDirection = 'in' | 'out' | 'none';

/**
 * Whether a row's money came to the viewer (`in`), left it (`out`) or is not its income (`none`): a payer's payments
 * leave it and refunds come back; an earner's settlement shares, forfeits and donations without an event come to it
 * and payouts (to its bank) leave its balance with us, while its clients' deposits and donations to events are held
 * by the platform until the event settles (then reach it inside the settlement share), so never money in.
 */
export function moneyDirection(item: Pick<PaymentListItem, 'type' | 'status'>, viewer: PaymentViewer): MoneyDirection {
  if (viewer === 'payer') return item.type === 'REFUND' ? 'in' : 'out';
  const total = earnerRowTotal(item);
  if (total === 'earned') return 'in';
  return total === 'paid_out' ? 'out' : 'none';
}

const RECEIPTED_STATUSES: readonly PaymentListItem['status'][] = ['succeeded', 'held', 'settled', 'refunded'];

/**
 * The payment whose receipt a row links to: a booking's payment (not a ledger movement, nor a donation: its receipt
 * is the donor's own) that succeeded (for the restaurant side, `held` or `settled`; also when refunded since); null
 * for anything else.
 */
export function receiptPaymentId(item: Pick<PaymentListItem, 'type' | 'status' | 'payment_id'>): string | null {
  const isPayment = (PAYMENT_TYPES as readonly string[]).includes(item.type) && item.type !== 'CREDIT_CARD_DONATION';
  return isPayment && RECEIPTED_STATUSES.includes(item.status) ? item.payment_id : null;
}

/** One CSV cell: quoted when needed, and a leading =, +, - or @ of people's text neutralised (spreadsheet formulas). */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** An amount in major units with the currency's decimals and a dot ("20.00", "850000"), as spreadsheets read it. */
export function csvAmount(amountMinor: number, currency: string): string {
  return minorToMajor(amountMinor, currency).toFixed(currencyFractionDigits(currency));
}

export type CsvTexts = {
  headers: { date: string; booking: string; restaurant: string; cause: string; type: string; status: string; amount: string; notIncome: string; currency: string; reference: string };
  type: (item: PaymentListItem) => string;
  status: (item: PaymentListItem) => string;
  date: (instant: string) => string;
};

/**
 * The rows as CSV (RFC 4180, CRLF line ends), one line each in the viewer's language; amounts signed from the
 * viewer's side (money that left it negative) so the amount column's sum is its net; money that is not the
 * earner's income (deposits and event donations held or settled, refunded deposits) goes in its own column instead.
 */
export function paymentsCsv({ items, viewer, texts }: { items: readonly PaymentListItem[]; viewer: PaymentViewer; texts: CsvTexts }): string {
  const { headers } = texts;
  const columns = [headers.date, headers.booking, headers.restaurant, headers.cause, headers.type, headers.status, headers.amount];
  const lines = [viewer === 'earner' ? [...columns, headers.notIncome, headers.currency, headers.reference] : [...columns, headers.currency, headers.reference]];
  const amountColumns = new Set(viewer === 'earner' ? [6, 7] : [6]);
  for (const item of items) {
    const amount = csvAmount(item.amount, item.currency);
    const direction = moneyDirection(item, viewer);
    const signed = direction === 'none' ? '' : direction === 'out' ? `-${amount}` : amount;
    lines.push([
      texts.date(item.created_at),
      item.booking?.title ?? '',
      item.booking?.restaurant?.name ?? '',
      item.booking?.cause?.name ?? item.donation?.cause.name ?? '',
      texts.type(item),
      texts.status(item),
      signed,
      ...(viewer === 'earner' ? [direction === 'none' ? amount : ''] : []),
      item.currency,
      item.payment_id ?? item.id,
    ]);
  }
  // Amounts are numbers, written as they are; every other cell (the header's too) is people's text.
  return lines.map((line, row) => line.map((cell, index) => (row > 0 && amountColumns.has(index) ? cell : csvCell(cell))).join(',')).join('\r\n') + '\r\n';
}

export const CHART_SERIES = ['received', 'earned', 'paid_out'] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];
export type ChartBar = { month: string; series: ChartSeries; value: number; x: number; y: number; width: number; height: number };
export type ChartLayout = { bars: ChartBar[]; months: { month: string; x: number }[]; max: number };

/**
 * Grouped bars, one group per month of `currency` (oldest first), one bar per series, in a `width` × `height` box
 * with the baseline at the bottom. Negative months (more refunded than received) draw as empty bars.
 */
export function chartLayout({ months, currency, size }: { months: readonly EarnerMonth[]; currency: string; size: { width: number; height: number } }): ChartLayout {
  const shown = months.filter((month) => month.currency === currency).sort((a, b) => a.month.localeCompare(b.month));
  const max = Math.max(0, ...shown.flatMap((month) => CHART_SERIES.map((series) => month[series])));
  const groupWidth = shown.length === 0 ? 0 : size.width / shown.length;
  const barWidth = (groupWidth * 0.8) / CHART_SERIES.length;
  const bars: ChartBar[] = [];
  shown.forEach((month, index) => {
    CHART_SERIES.forEach((series, position) => {
      const value = month[series];
      const height = max === 0 ? 0 : (Math.max(0, value) / max) * size.height;
      bars.push({ month: month.month, series, value, x: index * groupWidth + groupWidth * 0.1 + position * barWidth, y: size.height - height, width: barWidth, height });
    });
  });
  return { bars, months: shown.map((month, index) => ({ month: month.month, x: index * groupWidth + groupWidth / 2 })), max };
}

/** The currencies of the chart's months, in order, so the viewer picks one (amounts of two currencies never add up). */
export function chartCurrencies(months: readonly EarnerMonth[]): string[] {
  return [...new Set(months.map((month) => month.currency))].sort();
}

/** The first day of a chart month ("2026-09"), at UTC midnight (formatted in UTC, so no zone moves it a month). */
const monthStart = (month: string) => new Date(`${month}-01T00:00:00.000Z`);

/**
 * A chart month ("2026-09") in the viewer's language (`languageTag`: "en", "vi"), by `Intl`: `axis` is the month's
 * short name ("Sep", "Tháng 9"), `full` adds the year ("September 2026", "tháng 9 năm 2026").
 */
export function chartMonthName({ month, languageTag, style }: { month: string; languageTag: string; style: 'axis' | 'full' }): string {
  const options: Intl.DateTimeFormatOptions = style === 'axis' ? { month: 'short', timeZone: 'UTC' } : { month: 'long', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(languageTag, options).format(monthStart(month));
}

/**
 * The chart's axis labels: each month's short name, with its year under the first month shown and under each
 * January; `narrow` marks the labels a phone keeps (about six, evenly spaced, the first always) so they never overlap.
 */
export function chartAxisLabels({ months, languageTag, phoneLabels = 6 }: { months: readonly string[]; languageTag: string; phoneLabels?: number }): { month: string; name: string; year: string | null; narrow: boolean }[] {
  const step = Math.max(1, Math.ceil(months.length / phoneLabels));
  return months.map((month, index) => ({
    month,
    name: chartMonthName({ month, languageTag, style: 'axis' }),
    year: index === 0 || month.endsWith('-01') ? month.slice(0, 4) : null,
    narrow: index % step === 0,
  }));
}
