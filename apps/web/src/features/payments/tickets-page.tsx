import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, type TicketOrder } from '@goodtable/shared';
import { NotFoundPage } from '../../components/errors/not-found-page.tsx';
import { QueryState } from '../../components/feedback/query-state.tsx';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { hasErrorStatus } from '../../lib/api-error.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { ticketOrderQuery } from './payments-api.ts';

const QrCode = lazy(async () => ({ default: (await import('../../components/qr/qr-code.tsx')).EventQrCode }));

function Order({ order }: { order: TicketOrder }) {
  const { t, i18n } = useTranslation('share');
  const locale = currentLocale(i18n);
  const money = (amount: number) => formatMoney(amount, { currency: order.currency, locale });
  const when = order.event.date
    ? new Intl.DateTimeFormat(locale === 'vn' ? 'vi-VN' : 'en-AU', { dateStyle: 'full', timeStyle: 'short', timeZone: order.event.time_zone ?? undefined }).format(new Date(order.event.date))
    : '';
  return (
    <div className="space-y-6">
      <div>
        <p className="text-lg font-semibold text-slate-900">{order.event.title}</p>
        <p className="text-sm text-slate-700">{[when, order.event.restaurant_name, order.event.address].filter(Boolean).join(' · ')}</p>
      </div>
      {order.status === 'paid' ? (
        <>
          <section aria-labelledby="receipt-heading" className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
            <h2 id="receipt-heading" className="font-semibold text-slate-900">
              {t('tickets.receipt')}
            </h2>
            <p>{t('checkout.ticketsLine', { count: order.quantity, price: money(order.ticket_price) })}</p>
            {order.donation > 0 ? <p>{t('tickets.donation', { amount: money(order.donation) })}</p> : null}
            <p className="font-semibold text-slate-900">{t('tickets.total', { amount: money(order.amount) })}</p>
            <p data-testid="gift-component">{t('tickets.giftComponent', { amount: money(order.gift_component) })}</p>
          </section>
          <ul className="grid gap-4 sm:grid-cols-2" aria-label={t('tickets.listLabel')}>
            {order.tickets.map((ticket) => (
              <li key={ticket.id} className="rounded-xl border border-slate-200 p-4" data-testid="ticket">
                <p className="font-medium text-slate-900">{ticket.attendee_name}</p>
                <div className="my-3 size-40">
                  <Suspense fallback={null}>
                    <QrCode url={ticket.code} label={t('tickets.qrLabel', { name: ticket.attendee_name })} />
                  </Suspense>
                </div>
                <p className="font-mono text-sm text-slate-700">{ticket.code}</p>
                {ticket.checked_in_at ? <p className="text-sm text-emerald-800">{t('tickets.checkedIn')}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p role="status">{t(`tickets.status.${order.status}`)}</p>
      )}
      <Link to={`/share/${order.event_id}`} className="font-medium text-brand-800 underline">
        {t('tickets.eventPage')}
      </Link>
    </div>
  );
}

/** `/tickets/{checkout id}`: the buyer's tickets with one QR code each, the receipt and the tax-deductible amount; no account. */
export function TicketsPage() {
  const { t } = useTranslation('share');
  usePageTitle(t('tickets.title'));
  const { id = '' } = useParams();
  const query = useQuery({ ...ticketOrderQuery(id), retry: false });
  if (query.isError && hasErrorStatus(query.error, [400, 404])) return <NotFoundPage />;
  return (
    <SiteLayout>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('tickets.title')}</h1>
        <QueryState data={query.data} isError={query.isError} errorText={t('tickets.loadError')}>
          {(order) => <Order order={order} />}
        </QueryState>
      </div>
    </SiteLayout>
  );
}
