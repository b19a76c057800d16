import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Booking, type SettlementPreview } from '@goodtable/shared';
import { dangerButtonClassName, primaryButtonClassName, secondaryButtonClassName } from '../../components/button-styles.ts';
import { ModalDialog } from '../../components/dialogs/modal-dialog.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { cancellationPreviewQuery, changedSettlementPreview, confirmCompletion, settlementPreviewQuery } from './bookings-api.ts';

/** Formats minor units of `currency` in the viewer's language. */
function useMoney(currency: string | undefined) {
  const { i18n } = useTranslation();
  const locale = currentLocale(i18n);
  return (amount: number) => (currency ? formatMoney(amount, { currency, locale }) : '');
}

function Line({ term, amount, strong = false }: { term: string; amount: string; strong?: boolean }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 py-1.5">
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-600'}>{term}</dt>
      <dd className={`[overflow-wrap:anywhere] ${strong ? 'font-semibold text-slate-900' : 'text-slate-900'}`}>{amount}</dd>
    </div>
  );
}

/** Who gets what when the booking settles, and what the organiser pays or gets back (the server's amounts). */
function SettlementLines({ preview }: { preview: SettlementPreview }) {
  const { t } = useTranslation('bookings');
  const money = useMoney(preview.currency);
  return (
    <dl aria-label={t('completionDialog.amounts')} className="divide-y divide-slate-100 text-sm">
      <Line term={t('completionDialog.tickets', { count: preview.tickets_sold })} amount={money(preview.ticket_revenue)} />
      {preview.donations > 0 ? <Line term={t('completionDialog.donations')} amount={money(preview.donations)} /> : null}
      <Line term={t('completionDialog.restaurant')} amount={money(preview.restaurant_amount)} />
      <Line term={t('completionDialog.cause')} amount={money(preview.cause_amount)} />
      <Line term={t('completionDialog.platformFee')} amount={money(preview.platform_fee)} />
      <Line term={t('completionDialog.prepaymentUsed')} amount={money(preview.client_prepaid - preview.client_refund)} />
      <Line term={t('completionDialog.prepaymentRefunded')} amount={money(preview.client_refund)} />
      <Line term={t('completionDialog.youPay')} amount={money(preview.client_charge)} strong />
    </dl>
  );
}

/**
 * "Confirm completion": the settlement the server would make now, read when the dialog opens, then the confirmation
 * with the charge shown. When the server's charge is no longer that one (409), the dialog shows the new amounts and
 * asks again; nothing was charged.
 */
export function ConfirmCompletionDialog({
  booking,
  open,
  onClose,
  onConfirmed,
  onError,
}: {
  booking: Pick<Booking, 'id' | 'updated_at'>;
  open: boolean;
  onClose: () => void;
  onConfirmed: (updated: Booking) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation('bookings');
  const queryClient = useQueryClient();
  const previewQuery = settlementPreviewQuery(booking.id);
  const preview = useQuery({ ...previewQuery, enabled: open });
  const [changed, setChanged] = useState(false);
  const money = useMoney(preview.data?.currency);
  const confirm = useMutation({
    mutationFn: (expectedCharge: number) => confirmCompletion(booking, expectedCharge),
    onSuccess: (updated) => {
      setChanged(false);
      onConfirmed(updated);
    },
    onError: (error) => {
      const current = changedSettlementPreview(error);
      if (!current) return onError(error);
      queryClient.setQueryData(previewQuery.queryKey, current);
      setChanged(true);
    },
  });
  const close = () => {
    setChanged(false);
    onClose();
  };
  const charge = preview.data?.client_charge ?? 0;
  return (
    <ModalDialog
      open={open}
      onClose={close}
      title={t('completionDialog.title')}
      text={t('completionDialog.text')}
      actions={
        <>
          <button type="button" className={secondaryButtonClassName} onClick={close}>
            {t('dialog.keep')}
          </button>
          <button type="button" className={primaryButtonClassName} disabled={!preview.data || preview.isFetching || confirm.isPending} onClick={() => confirm.mutate(charge)}>
            {charge > 0 ? t('completionDialog.confirmAndPay', { amount: money(charge) }) : t('completionDialog.confirm')}
          </button>
        </>
      }
    >
      {changed ? (
        <p role="alert" className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {t('completionDialog.changed')}
        </p>
      ) : null}
      {preview.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('completionDialog.loadError')}
        </p>
      ) : preview.data ? (
        <>
          <SettlementLines preview={preview.data} />
          <p className="mt-3 text-sm text-slate-700">{charge > 0 ? t('completionDialog.method', { amount: money(charge) }) : t('completionDialog.nothingToPay')}</p>
        </>
      ) : (
        <p className="text-sm text-slate-500">{t('completionDialog.loading')}</p>
      )}
    </ModalDialog>
  );
}

/**
 * The cancel dialog: what cancelling now does with the organiser's prepayment, as the server computes it on the
 * business clock (read when the dialog opens), so the dialog says what the cancellation will do.
 */
export function CancelDialog({
  booking,
  viewerIsOrganiser,
  open,
  onClose,
  onCancel,
  pending,
}: {
  booking: Pick<Booking, 'id' | 'host_event'>;
  viewerIsOrganiser: boolean;
  open: boolean;
  onClose: () => void;
  onCancel: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation('bookings');
  const preview = useQuery({ ...cancellationPreviewQuery(booking.id), enabled: open });
  const money = useMoney(preview.data?.currency);
  const consequence = () => {
    if (preview.isError) return t('cancelDialog.loadError');
    if (!preview.data) return t('cancelDialog.loading');
    const { refund_amount: refund, forfeited_amount: forfeited } = preview.data;
    if (forfeited > 0) return t('cancelDialog.prepaymentForfeited', { amount: money(forfeited) });
    if (refund > 0) return t(viewerIsOrganiser ? 'cancelDialog.prepaymentRefunded' : 'cancelDialog.clientRefunded', { amount: money(refund) });
    if (!viewerIsOrganiser) return t('cancelDialog.fullRefunds');
    return t(booking.host_event ? 'cancelDialog.hostEvent' : 'cancelDialog.noDeposit');
  };
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('cancelDialog.title')}
      text={consequence()}
      actions={
        <>
          <button type="button" className={secondaryButtonClassName} onClick={onClose}>
            {t('dialog.keep')}
          </button>
          <button type="button" className={dangerButtonClassName} disabled={pending || !preview.data || preview.isFetching} onClick={onCancel}>
            {t('cancelDialog.confirm')}
          </button>
        </>
      }
    />
  );
}
