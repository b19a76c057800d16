import { useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentTimeZoneName, updateMeSchema, type Me } from '@goodtable/shared';
import { SelectionList } from '../../components/form/selection-list.tsx';
import { BoundTextField, EmailField, NameFields } from '../../components/form/form-fields.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useValidatedForm } from '../../components/form/use-validated-form.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useSetSessionUser } from '../../lib/session.ts';
import { updateMe } from '../../lib/me-api.ts';
import { timeZoneOptions } from './time-zone-options.ts';

/** PUT /v1/me form: first name, last name, email, location and time zone from the supported list. */
export function AccountForm({ user }: { user: Me }) {
  const { t, i18n } = useTranslation('account');
  const zones = useMemo(() => timeZoneOptions(user.timezone), [user.timezone]);
  const form = useValidatedForm({
    schema: updateMeSchema,
    initialValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      location: user.location ?? '',
      timezone: currentTimeZoneName(user.timezone),
    },
  });
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const setSessionUser = useSetSessionUser();
  const mutation = useMutation({
    mutationFn: updateMe,
    onSuccess: (updated) => {
      setSessionUser(updated);
      showToast({ kind: 'success', message: t('saved') });
    },
    onError: (error) => {
      if (!form.showServerFieldErrors(error)) showErrorToast(error, t('saveError'));
    },
  });

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        const input = form.validate();
        if (input) mutation.mutate({ ...input, location: input.location || null, language: currentLocale(i18n) });
      }}
    >
      <NameFields form={form} firstNameLabel={t('fields.firstName')} lastNameLabel={t('fields.lastName')} />
      <EmailField form={form} label={t('fields.email')} />
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
