import { useTranslation } from 'react-i18next';
import { currentTimeZoneName, isValidTimeZone, PASSWORD_MIN_LENGTH, signUpSchema, type SelfRegistrationRole } from '@goodtable/shared';
import { BoundTextField, EmailField, NameFields, PasswordField } from '../../components/form/form-fields.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';
import { signUp } from './auth-api.ts';

/** The browser's time zone, so dates and emails fit the new user from the start. */
export function browserTimeZone(): string | undefined {
  const zone = currentTimeZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return isValidTimeZone(zone) ? zone : undefined;
}

/**
 * Sign-up form for one registration path: a restaurant (`seller`, restaurant name required) or a manager
 * (`manager`, optional company name). Signs in and goes to `redirect` after success.
 */
export function RegistrationForm({ role, nameLabel, submitLabel, errorMessage, redirect }: {
  role: Extract<SelfRegistrationRole, 'seller' | 'manager'>;
  nameLabel: string;
  submitLabel: string;
  errorMessage: string;
  redirect: string | null;
}) {
  const { t, i18n } = useTranslation('accounts');
  const form = useZodForm({
    schema: signUpSchema,
    defaultValues: { role, name: '', first_name: '', last_name: '', email: '', password: '' },
  });
  const finishSignIn = useFinishSignIn(redirect);
  const mutation = useFormMutation({
    form,
    mutationFn: signUp,
    onSuccess: finishSignIn,
    errorMessage: errorMessage,
  });

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={form.form.handleSubmit((input) => mutation.mutate({ ...input, name: input.name || undefined, language: currentLocale(i18n), timezone: browserTimeZone() }))}
    >
      <BoundTextField form={form} label={nameLabel} name="name" autoComplete="organization" />
      <NameFields form={form} firstNameLabel={t('fields.firstName')} lastNameLabel={t('fields.lastName')} />
      <EmailField form={form} label={t('fields.email')} />
      <PasswordField form={form} label={t('fields.password')} autoComplete="new-password" hint={t('passwordHint', { count: PASSWORD_MIN_LENGTH })} />
      <SubmitButton pending={mutation.isPending} fullWidth>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
