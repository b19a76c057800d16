import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { normaliseBsb, type BecsInput } from '@goodtable/shared';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import type { PaymentMethodFormProps } from './card-payment-form.tsx';
import { confirmPayment, newIdempotencyKey } from './payments-api.ts';

/** Stripe's Direct Debit Request service agreement, which the mandate text refers to. */
const DDR_SERVICE_AGREEMENT_URL = 'https://stripe.com/au-becs-dd-service-agreement/legal';

/** The bank account form: BSB (with or without its dash), account number, the account holder's name. */
const becsFormSchema = z.object({
  bsb: z.string().trim().min(1, 'validation.required').transform(normaliseBsb).pipe(z.string().regex(/^\d{3}-\d{3}$/, 'validation.invalidBsb')),
  account_number: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .regex(/^[\d -]+$/, 'validation.invalidBankAccountNumber')
    .refine((value) => /^\d{5,9}$/.test(value.replace(/[\s-]/g, '')), 'validation.invalidBankAccountNumber'),
  account_name: z.string().trim().min(1, 'validation.required').max(140, 'validation.tooLong'),
});

/**
 * BECS Direct Debit (Australian bank accounts): the account, and the mandate the payer accepts by submitting (the
 * Direct Debit Request Stripe requires to be shown). The answer is `processing`: the debit clears in a few business days.
 */
export function BecsPaymentForm({ start, submitLabel, onResult, children }: PaymentMethodFormProps) {
  const { t } = useTranslation('payments');
  const form = useZodForm({ schema: becsFormSchema, defaultValues: { bsb: '', account_number: '', account_name: '' } });
  const pay = useFormMutation({
    form,
    mutationFn: async (becs: BecsInput) => confirmPayment({ paymentId: (await start()).id, details: { becs }, idempotencyKey: newIdempotencyKey() }),
    onSuccess: onResult,
    errorMessage: t('payError'),
  });
  return (
    <form noValidate className="space-y-5" onSubmit={form.form.handleSubmit((becs) => pay.mutate(becs))}>
      <TextField
        label={t('becs.accountName')}
        value={form.values.account_name}
        onChange={(value) => form.setValue('account_name', value)}
        error={form.errorOf('account_name')}
        autoComplete="name"
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('becs.bsb')}
          value={form.values.bsb}
          onChange={(value) => form.setValue('bsb', value)}
          error={form.errorOf('bsb')}
          inputMode="numeric"
          placeholder="000-000"
        />
        <TextField
          label={t('becs.accountNumber')}
          value={form.values.account_number}
          onChange={(value) => form.setValue('account_number', value)}
          error={form.errorOf('account_number')}
          inputMode="numeric"
        />
      </div>
      <p className="text-xs text-slate-500">{t('becs.testMode')}</p>
      {/* Plain text and a link (not <Trans>: it would add react-i18next's rich-text code to every page's framework chunk). */}
      <div className="space-y-1 rounded-md bg-slate-50 p-3 text-xs text-slate-600" data-testid="becs-mandate">
        <p>{t('becs.mandate')}</p>
        <a href={DDR_SERVICE_AGREEMENT_URL} target="_blank" rel="noreferrer" className="font-medium text-brand-800 underline">
          {t('becs.agreement')}
        </a>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        {children}
        <SubmitButton pending={pay.isPending}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
