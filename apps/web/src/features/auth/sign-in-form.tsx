import { useTranslation } from 'react-i18next';
import { signInSchema } from '@goodtable/shared';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { EmailField, PasswordField } from '../../components/form/form-fields.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { signIn } from './auth-api.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';

/** Email and password sign-in; returns to `redirect` (same-site only) or home after success. */
export function SignInForm({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('auth');
  const form = useZodForm({ schema: signInSchema, defaultValues: { email: '', password: '' } });
  const finishSignIn = useFinishSignIn(redirect);
  const mutation = useFormMutation({
    form,
    mutationFn: signIn,
    onSuccess: finishSignIn,
    errorMessage: t('signIn.error'),
  });

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={form.form.handleSubmit((input) => mutation.mutate(input))}
    >
      <EmailField form={form} label={t('fields.email')} />
      <PasswordField form={form} label={t('fields.password')} autoComplete="current-password" />
      <SubmitButton pending={mutation.isPending} fullWidth>
        {t('signIn.submit')}
      </SubmitButton>
    </form>
  );
}
