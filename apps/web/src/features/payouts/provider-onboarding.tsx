import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAYOUT_COUNTRIES, type ConnectedAccount, type PayoutCountry } from '@goodtable/shared';
import { primaryButtonClassName } from '../../components/button-styles.ts';
import { SelectField } from '../../components/form/select-field.tsx';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { meQueryKey } from '../../lib/session.ts';
import { connectedAccountQuery } from '../../lib/connected-account.ts';
import { refreshProviderAccount, startProviderOnboarding } from './payouts-api.ts';

/** Why the provider sent the browser back to /payment-management: its link expired (`refresh`) or the payee is done (`return`). */
export type OnboardingReturn = 'refresh' | 'return' | null;

const STATE_CLASS: Record<ConnectedAccount['capabilities']['transfers'], string> = {
  active: 'border-green-200 bg-green-50 text-green-900',
  pending: 'border-amber-200 bg-amber-50 text-amber-900',
  inactive: 'border-slate-200 bg-slate-50 text-slate-800',
};

/**
 * Payout onboarding at the payment provider's hosted pages (Stripe Connect Express): "Continue to the payment
 * provider" sends the browser to a fresh single-use link; back with `?onboarding=return` the account is read from
 * the provider and the page says whether verification is pending or complete; `?onboarding=refresh` (the link
 * expired) asks for a new link and goes back at once. `redirect` is the browser's navigation (replaced in tests).
 */
export function ProviderOnboarding({
  account,
  onboarding,
  redirect = (url) => window.location.assign(url),
}: {
  account: ConnectedAccount | null;
  onboarding: OnboardingReturn;
  redirect?: (url: string) => void;
}) {
  const { t } = useTranslation('payment-management');
  const queryClient = useQueryClient();
  const showErrorToast = useErrorToast();
  const [country, setCountry] = useState<PayoutCountry>('AU');

  const start = useMutation({
    mutationFn: startProviderOnboarding,
    onSuccess: (link) => {
      // The account exists from now on (the user's connected_account_id too), whatever the payee does at the provider.
      void queryClient.invalidateQueries({ queryKey: connectedAccountQuery().queryKey });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      redirect(link.url);
    },
    onError: (error) => showErrorToast(error, t('provider.startError')),
  });
  const refresh = useMutation({
    mutationFn: refreshProviderAccount,
    onSuccess: (fresh) => queryClient.setQueryData(connectedAccountQuery().queryKey, fresh),
    onError: (error) => showErrorToast(error, t('provider.refreshError')),
  });

  // Once per arrival from the provider (React's development double effects included).
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current || !onboarding) return;
    arrived.current = true;
    if (onboarding === 'return' && account) refresh.mutate();
    // The existing account is reused: the country only matters for a first account.
    if (onboarding === 'refresh') start.mutate({ country });
  }, [onboarding, account, refresh, start, country]);

  if (onboarding === 'refresh' && !start.isError) {
    return (
      <p role="status" className="text-sm text-slate-700">
        {t('provider.reopening')}
      </p>
    );
  }
  if (refresh.isPending) {
    return (
      <p role="status" className="text-sm text-slate-700">
        {t('provider.checking')}
      </p>
    );
  }

  // What the provider just said, before the page's query follows.
  const shown = refresh.data ?? account;
  const transfers = shown?.capabilities.transfers;
  const continueButton = (
    <button type="button" className={primaryButtonClassName} disabled={start.isPending} onClick={() => start.mutate({ country })}>
      {transfers === 'active' || transfers === 'pending' ? t('provider.update') : t('provider.continue')}
    </button>
  );
  if (!shown) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t('provider.intro')}</p>
        <SelectField
          label={t('form.country')}
          value={country}
          options={PAYOUT_COUNTRIES.map((code) => ({ value: code, label: t(`form.countries.${code}`) }))}
          onChange={(value) => setCountry(value === 'VN' ? 'VN' : 'AU')}
        />
        {continueButton}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p role="status" className={`rounded-lg border px-4 py-3 text-sm ${STATE_CLASS[shown.capabilities.transfers]}`}>
        {t(`provider.state.${shown.capabilities.transfers}`)}
      </p>
      {continueButton}
    </div>
  );
}
