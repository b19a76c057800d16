import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  manualBankAccountInputSchema,
  payoutAccountInputSchema,
  VN_BANKS,
  type ConnectedAccount,
  type ExternalAccount,
  type Me,
  type PayoutCountry,
} from '@goodtable/shared';
import { secondaryButtonClassName } from '../../components/button-styles.ts';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { useCountryOptions } from '../../components/form/country-options.ts';
import { BoundTextField } from '../../components/form/form-fields.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { localCountryName } from '../../lib/countries.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { meQueryKey, useSession, useSetSessionUser } from '../../lib/session.ts';
import { connectedAccountQuery } from '../../lib/connected-account.ts';
import { publicConfigQuery } from '../auth/auth-api.ts';
import { connectPayoutAccount, updateBankDetails } from './payouts-api.ts';
import { ProviderOnboarding, type OnboardingReturn } from './provider-onboarding.tsx';

const TRANSFER_BADGE: Record<ConnectedAccount['capabilities']['transfers'], string> = {
  active: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-900',
  inactive: 'bg-red-100 text-red-800',
};

type PayoutFormValues = { country: PayoutCountry; account_holder: string; bsb: string; bank_code: string; account_number: string };

/** The form's strings, shaped as the API's AU or VN account (the other country's field left out), then checked by it. */
const payoutFormSchema = z
  .object({ country: z.string(), account_holder: z.string(), bsb: z.string(), bank_code: z.string(), account_number: z.string() })
  .transform(({ country, bsb, bank_code, ...rest }) => (country === 'VN' ? { country, bank_code, ...rest } : { country, bsb, ...rest }))
  .pipe(payoutAccountInputSchema);

function payoutFormValues(external: ExternalAccount | null | undefined): PayoutFormValues {
  return {
    country: external?.country ?? 'AU',
    account_holder: external?.account_holder ?? '',
    bsb: external?.bsb ?? '',
    bank_code: external?.bank_code ?? '',
    account_number: '',
  };
}

const bankName = (code: string | null) => VN_BANKS.find((bank) => bank.code === code)?.name ?? code ?? '';

/** The local provider's onboarding form: an Australian account (BSB) or one at a Vietnamese bank. */
function PayoutAccountForm({ account, onDone }: { account: ConnectedAccount | null; onDone: () => void }) {
  const { t } = useTranslation('payment-management');
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const form = useZodForm({ schema: payoutFormSchema, defaultValues: payoutFormValues(account?.external_account) });
  const mutation = useFormMutation({
    form,
    mutationFn: connectPayoutAccount,
    onSuccess: (connected) => {
      queryClient.setQueryData(connectedAccountQuery().queryKey, connected);
      // The user's connected_account_id changed with it.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      showToast({ kind: 'success', message: t('form.saved') });
      onDone();
    },
    errorMessage: t('form.saveError'),
  });
  const country = form.values.country;
  return (
    <form noValidate className="space-y-5" onSubmit={form.form.handleSubmit((input) => mutation.mutate(input))}>
      <h3 className="text-base font-semibold text-slate-900">{t('form.heading')}</h3>
      <SelectField
        label={t('form.country')}
        value={country}
        options={(['AU', 'VN'] as const).map((code) => ({ value: code, label: t(`form.countries.${code}`) }))}
        onChange={(value) => form.setValue('country', value === 'VN' ? 'VN' : 'AU')}
      />
      <BoundTextField form={form} name="account_holder" label={t('form.accountHolder')} autoComplete="name" />
      {country === 'AU' ? (
        <BoundTextField form={form} name="bsb" label={t('form.bsb')} hint={t('form.bsbHint')} inputMode="numeric" placeholder="000-000" />
      ) : (
        <div>
          <SelectField
            label={t('form.bank')}
            value={form.values.bank_code}
            options={[{ value: '', label: t('form.chooseBank') }, ...VN_BANKS.map((bank) => ({ value: bank.code, label: `${bank.name} (${bank.code})` }))]}
            onChange={(value) => form.setValue('bank_code', value)}
            aria-invalid={form.errorOf('bank_code') ? true : undefined}
          />
          {form.errorOf('bank_code') ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {form.errorOf('bank_code')}
            </p>
          ) : null}
        </div>
      )}
      <BoundTextField
        form={form}
        name="account_number"
        label={t('form.accountNumber')}
        hint={country === 'AU' ? t('form.accountNumberHintAU') : t('form.accountNumberHintVN')}
        inputMode="numeric"
      />
      <p className="text-xs text-slate-500">{t('form.testMode')}</p>
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={mutation.isPending}>{t('form.submit')}</SubmitButton>
        {account ? (
          <button type="button" className={secondaryButtonClassName} onClick={onDone}>
            {t('account.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The connected account as the provider reports it: transfer state and where payouts go. */
function PayoutAccountSummary({ account }: { account: ConnectedAccount }) {
  const { t } = useTranslation('payment-management');
  const transfers = account.capabilities.transfers;
  const external = account.external_account;
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TRANSFER_BADGE[transfers]}`}>{t(`account.transfers.${transfers}`)}</span>
      </p>
      {external ? (
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-900">{t('account.holder')}</dt>
          <dd>{external.account_holder}</dd>
          <dt className="font-medium text-slate-900">{external.country === 'AU' ? t('account.bsb') : t('account.bank')}</dt>
          <dd>{external.country === 'AU' ? external.bsb : bankName(external.bank_code)}</dd>
        </dl>
      ) : null}
      {external ? <p>{t('account.accountEnding', { last4: external.account_number_last4 })}</p> : null}
      <p className="text-xs text-slate-500">{t('account.provider', { provider: account.provider })}</p>
    </div>
  );
}

type ManualBankValues = { account_name: string; country: string; bank_name: string; swift_code: string; account_number: string };
const EMPTY_MANUAL_BANK: ManualBankValues = { account_name: '', country: '', bank_name: '', swift_code: '', account_number: '' };

/** Bank details for manual payouts, when the provider does not serve the user's country (`bank` in docs/product.md, Entities). */
function ManualBankForm({ onSaved }: { onSaved: (user: Me) => void }) {
  const { t } = useTranslation('payment-management');
  const { showToast } = useToast();
  const countries = useCountryOptions();
  const form = useZodForm({ schema: manualBankAccountInputSchema, defaultValues: EMPTY_MANUAL_BANK });
  const mutation = useFormMutation({
    form,
    mutationFn: (bank_account: z.output<typeof manualBankAccountInputSchema>) => updateBankDetails({ country_not_listed: true, bank_account }),
    onSuccess: (user) => {
      onSaved(user);
      form.form.reset(EMPTY_MANUAL_BANK);
      showToast({ kind: 'success', message: t('notListed.detailsSaved') });
    },
    errorMessage: t('notListed.detailsSaveError'),
  });
  const countryError = form.errorOf('country');
  return (
    <form noValidate className="space-y-5" onSubmit={form.form.handleSubmit((input) => mutation.mutate(input))}>
      <h3 className="text-base font-semibold text-slate-900">{t('notListed.formHeading')}</h3>
      <BoundTextField form={form} name="account_name" label={t('notListed.accountName')} autoComplete="name" />
      <div>
        <SelectField
          label={t('notListed.country')}
          value={form.values.country}
          options={[{ value: '', label: t('notListed.chooseCountry') }, ...countries.options]}
          onChange={(value) => form.setValue('country', value)}
          aria-invalid={countryError ? true : undefined}
        />
        {countryError ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {countryError}
          </p>
        ) : null}
      </div>
      <BoundTextField form={form} name="bank_name" label={t('notListed.bankName')} />
      <BoundTextField form={form} name="swift_code" label={t('notListed.swiftCode')} hint={t('notListed.swiftHint')} />
      <BoundTextField form={form} name="account_number" label={t('notListed.accountNumber')} />
      <SubmitButton pending={mutation.isPending}>{t('notListed.submit')}</SubmitButton>
    </form>
  );
}

/** Country not listed: the flag (saved when ticked) and, with it, the bank details on file and their form. */
function CountryNotListedSection({ user }: { user: Me }) {
  const { t, i18n } = useTranslation('payment-management');
  const checkboxId = useId();
  const setSessionUser = useSetSessionUser();
  const showErrorToast = useErrorToast();
  const { showToast } = useToast();
  // The box shows the choice at once, in the click's own render (the mutation's state reaches React a moment later,
  // and a controlled box would flick back meanwhile); a failed save puts the saved value back.
  const [choice, setChoice] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: (countryNotListed: boolean) => updateBankDetails({ country_not_listed: countryNotListed }),
    onSuccess: (updated) => {
      setSessionUser(updated);
      showToast({ kind: 'success', message: t('notListed.saved') });
    },
    onError: (error) => showErrorToast(error, t('notListed.saveError')),
    onSettled: () => setChoice(null),
  });
  const locale = currentLocale(i18n);
  return (
    <SectionCard headingId={`${checkboxId}-heading`} title={t('notListed.heading')} description={t('notListed.text')}>
      <div className="flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300"
          checked={choice ?? user.country_not_listed}
          disabled={choice !== null}
          onChange={(event) => {
            setChoice(event.target.checked);
            toggle.mutate(event.target.checked);
          }}
        />
        <label htmlFor={checkboxId} className="text-sm font-medium text-slate-800">
          {t('notListed.checkbox')}
        </label>
      </div>
      {user.country_not_listed ? (
        <div className="mt-6 space-y-6">
          <div>
            <h3 className="text-sm font-semibold text-slate-900">{t('notListed.current')}</h3>
            {user.bank.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">{t('notListed.none')}</p>
            ) : (
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
                {user.bank.map((entry) => (
                  <li key={`${entry.country}-${entry.account_number_last4}`}>
                    {t('notListed.entry', { bank: entry.bank_name ?? entry.bsb ?? '', country: localCountryName({ code: entry.country, fallback: entry.country, locale }), name: entry.account_name, last4: entry.account_number_last4 })}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <ManualBankForm onSaved={setSessionUser} />
        </div>
      ) : null}
    </SectionCard>
  );
}

/**
 * /payment-management (seller, cause): the payout account's state, the provider's onboarding (the local provider's
 * form, or Stripe's hosted pages), and bank details for a country the provider does not serve.
 */
export function PaymentManagementPage() {
  const { t } = useTranslation('payment-management');
  usePageTitle(t('pageTitle'));
  const session = useSession();
  const connected = useQuery(connectedAccountQuery());
  const config = useQuery(publicConfigQuery());
  const [searchParams] = useSearchParams();
  const returned = searchParams.get('onboarding');
  const onboarding: OnboardingReturn = returned === 'refresh' || returned === 'return' ? returned : null;
  const showErrorToast = useErrorToast();
  const [editing, setEditing] = useState(false);
  const { isError, error } = connected;
  useEffect(() => {
    if (isError) showErrorToast(error, t('loadError'));
  }, [isError, error, showErrorToast, t]);

  const account = connected.data ?? null;
  return (
    <SignedInLayout>
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('heading')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('subtitle')}</p>
      </div>
      {connected.isPending || config.isPending || !session.user ? (
        <PageLoading />
      ) : (
        <div className="space-y-6">
          <SectionCard headingId="payout-account-heading" title={t('account.heading')}>
            {isError ? (
              <p role="alert" className="text-sm text-red-700">
                {t('loadError')}
              </p>
            ) : (
              <div className="space-y-6">
                {account ? <PayoutAccountSummary account={account} /> : <p className="text-sm text-slate-700">{t('account.none')}</p>}
                {config.data?.payment_provider === 'stripe' ? (
                  <ProviderOnboarding account={account} onboarding={onboarding} />
                ) : account && !editing ? (
                  <button type="button" className={secondaryButtonClassName} onClick={() => setEditing(true)}>
                    {t('account.change')}
                  </button>
                ) : (
                  <PayoutAccountForm account={account} onDone={() => setEditing(false)} />
                )}
              </div>
            )}
          </SectionCard>
          <CountryNotListedSection user={session.user} />
        </div>
      )}
    </SignedInLayout>
  );
}
