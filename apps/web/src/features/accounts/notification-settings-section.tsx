import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CATEGORIES_BY_ROLE,
  NOTIFICATION_CHANNELS,
  notificationSettingsSchema,
  type NotificationCategory,
  type NotificationSettings,
  type Role,
} from '@goodtable/shared';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { FieldError } from '../../components/form/text-field.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { notificationSettingsQuery, saveNotificationSettings } from '../notifications/notifications-api.ts';

/**
 * /account: per notification category, in-app only or in-app and email. In-app notifications
 * always arrive; the choice decides the emails, which are written in the user's saved language.
 */
export function NotificationSettingsSection({ role }: { role: Role }) {
  const { t } = useTranslation('notifications');
  const settings = useQuery(notificationSettingsQuery());
  return (
    <SectionCard headingId="notification-settings-heading" title={t('settings.heading')} description={t('settings.text')}>
      {settings.isPending ? <PageLoading /> : null}
      {settings.isError ? <p className="text-sm text-red-700">{t('settings.loadError')}</p> : null}
      {settings.data ? <NotificationSettingsForm settings={settings.data} role={role} /> : null}
    </SectionCard>
  );
}

/** Only the categories the role receives; the others keep their stored choice (the PUT replaces them all). */
function NotificationSettingsForm({ settings, role }: { settings: NotificationSettings; role: Role }) {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const form = useZodForm({ schema: notificationSettingsSchema, defaultValues: settings, values: settings });
  const { values, setValue, errorOf } = form;
  const save = useFormMutation({
    form,
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationSettingsQuery().queryKey, saved);
      showToast({ kind: 'success', message: t('settings.saved') });
    },
    errorMessage: t('settings.saveError'),
  });

  return (
    <form noValidate className="space-y-5" onSubmit={form.form.handleSubmit((input) => save.mutate(input))}>
      {NOTIFICATION_CATEGORIES_BY_ROLE[role].map((category: NotificationCategory) => (
        <fieldset key={category} aria-describedby={errorOf(category) ? `notification-${category}-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t(`settings.categories.${category}`)}</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {NOTIFICATION_CHANNELS.map((channel) => (
              <label key={channel} className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  name={`notification-${category}`}
                  value={channel}
                  checked={values[category] === channel}
                  onChange={() => setValue(category, channel)}
                  className="text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600"
                />
                {t(`settings.channels.${channel}`)}
              </label>
            ))}
          </div>
          <FieldError id={`notification-${category}-error`} message={errorOf(category)} />
        </fieldset>
      ))}
      <div className="flex justify-end">
        <SubmitButton pending={save.isPending}>{t('settings.save')}</SubmitButton>
      </div>
    </form>
  );
}
