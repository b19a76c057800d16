import { useEffect } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConnectedAccount, Me } from '@goodtable/shared';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { useSetSessionUser } from '../../lib/session.ts';
import { updateMe, updateMeInputFrom } from '../../lib/me-api.ts';
import { connectedAccountQuery, seesPayoutBanners } from '../../lib/connected-account.ts';
import { useSendVerificationEmail } from './verify-email-page.tsx';

export type BannerKind = 'bankDetails' | 'verifyPayout' | 'verifyEmail';

/**
 * Account banners: for published sellers and managers, update bank details (country not listed and no bank
 * entry) and verify the payout account (transfers not active, notice not hidden); for every account, verify the
 * email (unverified, notice not hidden). The bank-details notice is hidden with the payment flag (docs/decisions/accounts.md).
 * `connectedAccount`: null when the user has none, undefined while unknown (loading or failed: no payout banner).
 * A seller with no payout account at all is asked to verify too, unless its country is not listed (then
 * the bank-details notice is the one that applies); a manager is not paid out itself, so only an existing account
 * of its own that cannot receive transfers asks.
 */
export function visibleBanners(user: Me, connectedAccount: ConnectedAccount | null | undefined): BannerKind[] {
  // Every unverified account is asked to verify its email, whatever its role; only the payout notices are a seller's or manager's.
  const emailBanners: BannerKind[] = !user.is_verified && !user.is_hidden_email_verified ? ['verifyEmail'] : [];
  if (!seesPayoutBanners(user)) return emailBanners;
  const banners: BannerKind[] = [];
  if (user.country_not_listed && user.bank.length === 0 && !user.is_hidden_payment_verified) banners.push('bankDetails');
  const transfersInactive = connectedAccount ? connectedAccount.capabilities.transfers !== 'active' : connectedAccount === null && user.role === 'seller' && !user.country_not_listed;
  if (transfersInactive && !user.is_hidden_payment_verified) banners.push('verifyPayout');
  return [...banners, ...emailBanners];
}

function Banner({ text, action, onDismiss, dismissLabel }: { text: string; action: React.ReactNode; onDismiss: () => void; dismissLabel: string }) {
  return (
    <div role="status" className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="min-w-48 flex-1">{text}</p>
      {action}
      <button type="button" onClick={onDismiss} className="rounded-md px-2 py-1 font-medium text-amber-900 hover:bg-amber-100">
        {dismissLabel}
      </button>
    </div>
  );
}

const actionClassName = 'rounded-md bg-amber-600 px-3 py-1.5 font-semibold text-white hover:bg-amber-700';

export function AccountBanners({ user }: { user: Me }) {
  const { t } = useTranslation('accounts');
  const connected = useQuery({ ...connectedAccountQuery(), enabled: seesPayoutBanners(user) });
  const showErrorToast = useErrorToast();
  const setSessionUser = useSetSessionUser();
  const sendVerification = useSendVerificationEmail();
  const hide = useMutation({
    mutationFn: (flag: 'is_hidden_payment_verified' | 'is_hidden_email_verified') =>
      updateMe(updateMeInputFrom(user, { [flag]: true })),
    onSuccess: setSessionUser,
    onError: (error) => showErrorToast(error, t('banners.hideError')),
  });
  const connectedFailed = connected.isError;
  const connectedError = connected.error;
  useEffect(() => {
    if (connectedFailed) showErrorToast(connectedError, t('banners.connectedAccountError'));
  }, [connectedFailed, connectedError, showErrorToast, t]);

  const banners = visibleBanners(user, connected.data);
  if (banners.length === 0) return null;
  const paymentsPath = user.role === 'seller' ? '/payment-management' : '/payments';
  return (
    <div>
      {banners.includes('bankDetails') ? (
        <Banner
          text={t('banners.bankDetails')}
          dismissLabel={t('banners.dismiss')}
          onDismiss={() => hide.mutate('is_hidden_payment_verified')}
          action={
            <Link to={paymentsPath} className={actionClassName}>
              {t('banners.bankDetailsAction')}
            </Link>
          }
        />
      ) : null}
      {banners.includes('verifyPayout') ? (
        <Banner
          text={t('banners.verifyPayout')}
          dismissLabel={t('banners.dismiss')}
          onDismiss={() => hide.mutate('is_hidden_payment_verified')}
          action={
            <Link to={paymentsPath} className={actionClassName}>
              {t('banners.verifyPayoutAction')}
            </Link>
          }
        />
      ) : null}
      {banners.includes('verifyEmail') ? (
        <Banner
          text={t('banners.verifyEmail')}
          dismissLabel={t('banners.dismiss')}
          onDismiss={() => hide.mutate('is_hidden_email_verified')}
          action={
            <button type="button" className={actionClassName} disabled={sendVerification.isPending} onClick={() => sendVerification.mutate(user.email)}>
              {t('banners.verifyEmailAction')}
            </button>
          }
        />
      ) : null}
    </div>
  );
}
