import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { Spinner } from '../../components/feedback/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { meQueryKey, useSession } from '../../lib/session.ts';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { primaryButtonClassName, secondaryButtonClassName, pageCardClassName } from './account-styles.ts';
import { sendVerificationEmail, verifyEmail } from './accounts-api.ts';

/** Sends a verification email to the signed-in user, with the toasts of docs/product.md, Errors. */
export function useSendVerificationEmail() {
  const { t } = useTranslation('accounts');
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  return useMutation({
    mutationFn: sendVerificationEmail,
    onSuccess: () => showToast({ kind: 'success', message: t('verifyEmail.sent') }),
    onError: (error) => showErrorToast(error, t('verifyEmail.sendError')),
  });
}

/** /verify-email?token=…: uses the single-use link from the verification email, then refreshes the user. */
export function VerifyEmailPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('verifyEmail.pageTitle'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const session = useSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'verifying' | 'verified' | 'failed' | 'no-token'>(token ? 'verifying' : 'no-token');
  const started = useRef(false);
  const resend = useSendVerificationEmail();

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verifyEmail(token)
      .then(async () => {
        setState('verified');
        await queryClient.invalidateQueries({ queryKey: meQueryKey });
      })
      .catch(() => setState('failed'));
  }, [token, queryClient]);

  const alreadyVerified = session.status === 'signed-in' && session.user.is_verified;
  return (
    <SignedInLayout>
      <section className={pageCardClassName} aria-labelledby="verify-email-heading">
        <h1 id="verify-email-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          {t('verifyEmail.heading')}
        </h1>
        <div className="mt-4 text-sm text-slate-700" role="status">
          {state === 'verifying' ? (
            <p className="flex items-center gap-2">
              <Spinner /> {t('verifyEmail.verifying')}
            </p>
          ) : null}
          {state === 'verified' ? <p className="font-medium text-brand-800">{t('verifyEmail.verified')}</p> : null}
          {state === 'failed' ? <p className="text-red-700">{t('verifyEmail.failed')}</p> : null}
          {state === 'no-token' ? <p>{alreadyVerified ? t('verifyEmail.verified') : t('verifyEmail.noToken')}</p> : null}
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          {(state === 'failed' || state === 'no-token') && !alreadyVerified && session.status === 'signed-in' ? (
            <button type="button" className={secondaryButtonClassName} disabled={resend.isPending} onClick={() => resend.mutate(session.user.email)}>
              {resend.isPending ? <Spinner /> : null}
              {t('verifyEmail.resend')}
            </button>
          ) : null}
          <Link to="/bookings" className={primaryButtonClassName}>
            {t('verifyEmail.continue')}
          </Link>
        </div>
      </section>
    </SignedInLayout>
  );
}
