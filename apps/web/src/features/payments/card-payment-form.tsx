import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { groupCardNumber, parseCardExpiry, typedTestCardNumber, type CardInput, type Payment } from '@goodtable/shared';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { confirmPayment, newIdempotencyKey } from './payments-api.ts';

/** The card form: what the payer types (the number grouped in fours, expiry as MMYY or MM/YY), parsed into the API's card. */
const cardFormSchema = z
  .object({
    number: z.string().trim().min(1, 'validation.required').regex(/^\d[\d -]{10,21}\d$/, 'validation.invalidCardNumber'),
    expiry: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .refine((typed) => parseCardExpiry(typed) !== undefined, 'validation.invalidCardExpiry'),
    cvc: z.string().trim().min(1, 'validation.required').regex(/^\d{3,4}$/, 'validation.invalidCardCvc'),
  })
  .transform(({ number, expiry, cvc }): CardInput => {
    const { month, year } = parseCardExpiry(expiry)!;
    return { number: number.replace(/[\s-]/g, ''), exp_month: month, exp_year: year, cvc };
  });

/** Card details for the chosen payment (`start` creates it once per type), then the provider's answer to `onResult`. */
export function CardPaymentForm({ start, submitLabel, onResult, children }: PaymentMethodFormProps) {
  const { t } = useTranslation('payments');
  const form = useZodForm({ schema: cardFormSchema, defaultValues: { number: '', expiry: '', cvc: '' } });
  const pay = useFormMutation({
    form,
    mutationFn: async (card: CardInput) => confirmPayment({ paymentId: (await start()).id, details: { card }, idempotencyKey: newIdempotencyKey() }),
    onSuccess: onResult,
    errorMessage: t('payError'),
  });
  return (
    <form noValidate className="space-y-5" onSubmit={form.form.handleSubmit((card) => pay.mutate(card))}>
      <TextField
        label={t('card.number')}
        value={form.values.number}
        onChange={(value) => form.setValue('number', groupCardNumber(value))}
        error={form.errorOf('number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder={typedTestCardNumber()}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('card.expiry')}
          value={form.values.expiry}
          onChange={(value) => form.setValue('expiry', value)}
          error={form.errorOf('expiry')}
          autoComplete="cc-exp"
          placeholder={t('card.expiryPlaceholder')}
        />
        <TextField
          label={t('card.cvc')}
          value={form.values.cvc}
          onChange={(value) => form.setValue('cvc', value)}
          error={form.errorOf('cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
        />
      </div>
      <p className="text-xs text-slate-500">{t('card.testMode')}</p>
      <div className="flex flex-wrap justify-end gap-3">
        {children}
        <SubmitButton pending={pay.isPending}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}

/** What each way of paying gets from the payment page. */
export type PaymentMethodFormProps = {
  /** The payment of the chosen type (created once per type and visit: a double submit or a retry reuses it). */
  start: () => Promise<Payment>;
  submitLabel: string;
  onResult: (payment: Payment) => void;
  /** Extra buttons before the submit button (back to the booking). */
  children?: React.ReactNode;
};
