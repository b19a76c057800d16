import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, passwordSchema, SIGNED_IN_HOME } from '@goodtable/shared';
import { z } from 'zod';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { PasswordField } from '../../components/form/form-fields.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { isApiRequestError } from '../../lib/api-error.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { AuthCard } from './auth-card.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';
import { acceptInvitation, resetPassword } from './auth-api.ts';

const newPasswordFormSchema = z.object({ password: passwordSchema });

/**
 * /reset-password?token=…: chooses a new password from the emailed link (single-use, one hour), then sends the
 * user to sign in. With `&invitation=1` it is the invitation of a team member or of a restaurant a manager
 * registered: the first password is saved and the user is signed in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const invitation = searchParams.get('invitation') === '1';
  usePageTitle(t('resetPassword.pageTitle'));
  const form = useZodForm({ schema: newPasswordFormSchema, defaultValues: { password: '' } });
  const [invalid, setInvalid] = useState(token === '');
  const navigate = useNavigate();
  const { showToast } = useToast();
  const finishSignIn = useFinishSignIn(SIGNED_IN_HOME);
  const mutation = useFormMutation({
    form: {
      // A used or expired token is not the user's typing: it swaps the form for the "ask again" link.
      showServerFieldErrors: (error) => {
        if (isApiRequestError(error) && error.fieldErrors.token) {
          setInvalid(true);
          return true;
        }
        return form.showServerFieldErrors(error);
      },
    },
    mutationFn: async (password: string) => {
      if (invitation) return acceptInvitation({ token, password });
      await resetPassword({ token, password });
      return null;
    },
    onSuccess: (session) => {
      // An accepted invitation signs the user in; a reset password sends them to sign in.
      if (session) {
        finishSignIn(session);
        return;
      }
      showToast({ kind: 'success', message: t('resetPassword.done') });
      void navigate('/sign-in', { replace: true });
    },
    errorMessage: invitation ? t('resetPassword.invitationError') : t('resetPassword.error'),
  });

  return (
    <SiteLayout>
      <AuthCard
        title={invitation ? t('resetPassword.invitationHeading') : t('resetPassword.heading')}
        subtitle={invitation ? t('resetPassword.invitationSubtitle') : t('resetPassword.subtitle')}
      >
        {invalid ? (
          <div className="space-y-4 text-sm text-slate-700" role="alert">
            <p>{t('resetPassword.invalid')}</p>
            <Link to="/forgot-password" className="font-semibold text-brand-700 hover:text-brand-800">
              {t('resetPassword.askAgain')}
            </Link>
          </div>
        ) : (
          <form noValidate className="space-y-5" onSubmit={form.form.handleSubmit((input) => mutation.mutate(input.password))}>
            <PasswordField form={form} label={t('fields.newPassword')} autoComplete="new-password" hint={t('passwordHint', { count: PASSWORD_MIN_LENGTH })} />
            <SubmitButton pending={mutation.isPending} fullWidth>
              {invitation ? t('resetPassword.invitationSubmit') : t('resetPassword.submit')}
            </SubmitButton>
          </form>
        )}
      </AuthCard>
    </SiteLayout>
  );
}
