import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { signInSchema } from '@goodtable/shared';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
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
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={form.values.email}
        onChange={(value) => form.setValue('email', value)}
        error={form.errorOf('email')}
      />
      <TextField
        label={t('fields.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={form.values.password}
        onChange={(value) => form.setValue('password', value)}
        error={form.errorOf('password')}
      />
      <SubmitButton pending={mutation.isPending} fullWidth>
        {t('signIn.submit')}
      </SubmitButton>
    </form>
  );
}
