import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { currentTimeZoneName, updateMeSchema, type Me } from '@goodtable/shared';
import { SelectionList } from '../../components/form/selection-list.tsx';
import { BoundTextField, EmailField, NameFields } from '../../components/form/form-fields.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useSetSessionUser } from '../../lib/session.ts';
import { updateMe } from '../../lib/me-api.ts';
import { timeZoneOptions } from './time-zone-options.ts';

type AccountValues = { first_name: string; last_name: string; email: string; location: string; timezone: string; current_password: string };

function accountValues(user: Me): AccountValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    location: user.location ?? '',
    timezone: currentTimeZoneName(user.timezone),
    current_password: '',
  };
}

/** True when the typed address is not the saved one (case and spaces aside): then the current password is asked. */
export function isEmailChange(typedEmail: string, savedEmail: string): boolean {
  return typedEmail.trim().toLowerCase() !== savedEmail.trim().toLowerCase();
}

/** The shared PUT /v1/me schema plus the proof a new address needs (docs/decisions/0019-email-change-needs-proof.md): the current password, required then. */
function accountSchema(savedEmail: string) {
  return updateMeSchema.extend({ current_password: z.string() }).superRefine((input, context) => {
    if (isEmailChange(input.email, savedEmail) && input.current_password === '') {
      context.addIssue({ code: 'custom', path: ['current_password'], message: 'validation.currentPasswordRequired' });
    }
  });
}

/**
 * PUT /v1/me form: first name, last name, email, location and time zone from the supported list. It follows the
 * server's data: a change saved elsewhere (the time-zone prompt) shows here unless the user has edited that field.
 */
export function AccountForm({ user }: { user: Me }) {
  const { t, i18n } = useTranslation('account');
  const zones = useMemo(() => timeZoneOptions(user.timezone), [user.timezone]);
  const serverValues = useMemo(() => accountValues(user), [user]);
  const schema = useMemo(() => accountSchema(user.email), [user.email]);
  const form = useZodForm({ schema, defaultValues: serverValues, values: serverValues });
  const { showToast } = useToast();
  const setSessionUser = useSetSessionUser();
  const emailChanging = isEmailChange(form.values.email, user.email);
  const mutation = useFormMutation({
    form,
    mutationFn: updateMe,
    onSuccess: (updated, input) => {
      setSessionUser(updated);
      form.form.reset(accountValues(updated));
      const changedEmail = isEmailChange(input.email, user.email);
      showToast({ kind: 'success', message: changedEmail ? t('emailChangeSent', { email: updated.email }) : t('saved') });
    },
    errorMessage: t('saveError'),
  });

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={form.form.handleSubmit(({ current_password, ...input }) =>
        mutation.mutate({
          ...input,
          location: input.location || null,
          language: currentLocale(i18n),
          ...(isEmailChange(input.email, user.email) ? { current_password } : {}),
        }),
      )}
    >
      <NameFields form={form} firstNameLabel={t('fields.firstName')} lastNameLabel={t('fields.lastName')} />
      <EmailField form={form} label={t('fields.email')} />
      {emailChanging ? (
        <BoundTextField
          form={form}
          label={t('fields.currentPassword')}
          name="current_password"
          type="password"
          autoComplete="current-password"
          hint={t('fields.currentPasswordHint')}
        />
      ) : null}
      <BoundTextField form={form} label={t('fields.location')} name="location" autoComplete="address-level2" placeholder={t('fields.locationPlaceholder')} />
      <SelectionList
        label={t('fields.timezone')}
        name="timezone"
        options={zones}
        value={form.values.timezone}
        onChange={(value) => form.setValue('timezone', value)}
        error={form.errorOf('timezone')}
        placeholder={t('fields.timezonePlaceholder')}
      />
      <div className="flex justify-end border-t border-slate-100 pt-6">
        <SubmitButton pending={mutation.isPending}>{t('save')}</SubmitButton>
      </div>
    </form>
  );
}
