import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, deleteAccountSchema, PASSWORD_MIN_LENGTH } from '@goodtable/shared';
import { Spinner } from '../../components/feedback/spinner.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { BoundTextField } from '../../components/form/form-fields.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { clearSession } from '../../lib/session.ts';
import { ModalDialog } from '../../components/dialogs/modal-dialog.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { dangerButtonClassName, secondaryButtonClassName } from './account-styles.ts';
import { changePassword, deleteAccount, signInMethodsQuery, unlinkGoogle } from './accounts-api.ts';


function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const form = useZodForm({ schema: changePasswordSchema, defaultValues: { current_password: '', new_password: '' } });
  const { showToast } = useToast();
  const mutation = useFormMutation({
    form,
    mutationFn: changePassword,
    onSuccess: () => {
      form.form.reset({ current_password: '', new_password: '' });
      showToast({ kind: 'success', message: t('security.passwordChanged') });
      void queryClient.invalidateQueries({ queryKey: signInMethodsQuery().queryKey });
    },
    errorMessage: t('security.passwordError'),
  });
  return (
    <form
      noValidate
      className="space-y-5"
      aria-label={hasPassword ? t('security.changePassword') : t('security.setPassword')}
      onSubmit={form.form.handleSubmit((input) =>
        mutation.mutate({ new_password: input.new_password, ...(hasPassword ? { current_password: input.current_password ?? '' } : {}) }),
      )}
    >
      {hasPassword ? (
        <BoundTextField form={form} label={t('fields.currentPassword')} type="password" name="current_password" autoComplete="current-password" />
      ) : null}
      <BoundTextField
        form={form}
        label={t('fields.newPassword')}
        type="password"
        name="new_password"
        autoComplete="new-password"
        hint={t('passwordHint', { count: PASSWORD_MIN_LENGTH })}
      />
      <div className="flex justify-end">
        <SubmitButton pending={mutation.isPending}>{hasPassword ? t('security.changePassword') : t('security.setPassword')}</SubmitButton>
      </div>
    </form>
  );
}

function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('accounts');
  const [open, setOpen] = useState(false);
  // The field is the password when the account has one, else the typed confirmation word (never sent).
  const form = useZodForm({ schema: deleteAccountSchema, defaultValues: { password: '' } });
  const confirmation = form.values.password;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const mutation = useFormMutation({
    form,
    mutationFn: deleteAccount,
    onSuccess: async () => {
      setOpen(false);
      await navigate('/', { replace: true });
      clearSession(queryClient);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
      showToast({ kind: 'success', message: t('security.deleted') });
    },
    errorMessage: t('security.deleteError'),
  });
  const canConfirm = hasPassword ? confirmation.length > 0 : confirmation.trim() === t('security.deleteConfirmWord');

  return (
    <SectionCard headingId="delete-account-heading" title={t('security.deleteHeading')} description={t('security.deleteText')}>
      <div className="flex justify-end">
        <button type="button" className={dangerButtonClassName} onClick={() => setOpen(true)}>
          {t('security.deleteButton')}
        </button>
      </div>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('security.deleteConfirmTitle')}
        text={hasPassword ? t('security.deleteConfirmText') : t('security.deleteConfirmNoPassword')}
        actions={
          <>
            <button type="button" className={secondaryButtonClassName} onClick={() => setOpen(false)}>
              {t('security.cancel')}
            </button>
            <button
              type="button"
              className={dangerButtonClassName}
              disabled={!canConfirm || mutation.isPending}
              onClick={form.form.handleSubmit((input) => mutation.mutate(hasPassword ? { password: input.password ?? '' } : {}))}
            >
              {mutation.isPending ? <Spinner /> : null}
              {t('security.deleteConfirm')}
            </button>
          </>
        }
      >
        <TextField
          label={hasPassword ? t('fields.password') : t('security.deleteConfirmLabel')}
          type={hasPassword ? 'password' : 'text'}
          name="delete_confirmation"
          autoComplete={hasPassword ? 'current-password' : 'off'}
          value={confirmation}
          onChange={(value) => form.setValue('password', value)}
          error={form.errorOf('password')}
        />
      </ModalDialog>
    </SectionCard>
  );
}

/** /account additions: password, sign-in methods and account deletion. */
export function AccountSecuritySections() {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const methods = useQuery(signInMethodsQuery());
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const unlink = useMutation({
    mutationFn: unlinkGoogle,
    onSuccess: (updated) => {
      queryClient.setQueryData(signInMethodsQuery().queryKey, updated);
      showToast({ kind: 'success', message: t('security.unlinked') });
    },
    onError: (error) => showErrorToast(error, t('security.unlinkError')),
  });

  if (methods.isPending) return <Spinner />;
  if (methods.isError) return <p className="text-sm text-red-700">{t('security.methodsError')}</p>;
  const hasPassword = methods.data.password;

  return (
    <div className="space-y-8">
      <SectionCard headingId="password-heading" title={t('security.passwordHeading')} description={hasPassword ? t('security.passwordText') : t('security.setPasswordText')}>
        <ChangePasswordForm hasPassword={hasPassword} />
      </SectionCard>
      <SectionCard headingId="sign-in-methods-heading" title={t('security.methodsHeading')}>
        <ul className="divide-y divide-slate-100">
          <li className="flex items-center justify-between py-3 text-sm">
            <span className="font-medium text-slate-800">{t('security.methodPassword')}</span>
            <span className="text-slate-600">{hasPassword ? t('security.connected') : t('security.notConnected')}</span>
          </li>
          <li className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <span className="font-medium text-slate-800">{t('security.methodGoogle')}</span>
            <span className="flex items-center gap-3 text-slate-600">
              {methods.data.google ? t('security.googleAs', { email: methods.data.google.email }) : t('security.notConnected')}
              {methods.data.google && hasPassword ? (
                <button type="button" className={secondaryButtonClassName} disabled={unlink.isPending} onClick={() => unlink.mutate()}>
                  {t('security.unlinkGoogle')}
                </button>
              ) : null}
            </span>
          </li>
        </ul>
      </SectionCard>
      <DeleteAccountSection hasPassword={hasPassword} />
    </div>
  );
}
