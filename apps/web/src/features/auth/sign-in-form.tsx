import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { signInSchema } from '@goodtable/shared';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { EmailField, PasswordField } from '../../components/form/form-fields.tsx';
import { useValidatedForm } from '../../components/form/use-validated-form.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { signIn } from './auth-api.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';

/** Email and password sign-in; returns to `redirect` (same-site only) or home after success. */
export function SignInForm({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('auth');
  const form = useValidatedForm({ schema: signInSchema, initialValues: { email: '', password: '' } });
  const showErrorToast = useErrorToast();
  const finishSignIn = useFinishSignIn(redirect);
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: finishSignIn,
    onError: (error) => {
      if (!form.showServerFieldErrors(error)) showErrorToast(error, t('signIn.error'));
    },
  });

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        const input = form.validate();
        if (input) mutation.mutate(input);
      }}
    >
      <EmailField form={form} label={t('fields.email')} />
      <PasswordField form={form} label={t('fields.password')} autoComplete="current-password" />
      <SubmitButton pending={mutation.isPending} fullWidth>
        {t('signIn.submit')}
      </SubmitButton>
    </form>
  );
}
