import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CAUSE_CATEGORIES, REGIONS, WEEKDAYS, type HostingPreferences, type HostingPreferencesInput } from '@goodtable/shared';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { ChoiceChips } from './choice-chips.tsx';
import { hostingPreferencesFormSchema, hostingPreferencesFormValues } from './preferences-form-schemas.ts';
import { hostingPreferencesQuery, saveHostingPreferences } from './restaurant-profile-api.ts';

/** A restaurant's hosting preferences: days, service hours, party sizes, notice, regions and cause categories. */
export function HostingPreferencesForm({ preferences }: { preferences: HostingPreferences }) {
  const { t } = useTranslation('restaurants');
  const { t: tCauses } = useTranslation('causes');
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const form = useZodForm({ schema: hostingPreferencesFormSchema, defaultValues: hostingPreferencesFormValues(preferences) });
  const { values, setValue, errorOf } = form;
  const mutation = useFormMutation({
    form,
    mutationFn: (input: HostingPreferencesInput) => saveHostingPreferences(preferences.restaurant_id, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(hostingPreferencesQuery(preferences.restaurant_id).queryKey, saved);
      showToast({ kind: 'success', message: t('hosting.saved') });
    },
    errorMessage: t('hosting.saveError'),
  });

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={form.form.handleSubmit((input) => mutation.mutate(input))}
    >
      <ChoiceChips
        legend={t('hosting.weekdays')}
        options={WEEKDAYS.map((day) => ({ value: day, label: t(`weekdays.${day}`) }))}
        selected={values.weekdays}
        onChange={(value) => setValue('weekdays', value)}
        error={errorOf('weekdays')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('hosting.serviceStart')} type="time" value={values.service_start} onChange={(value) => setValue('service_start', value)} error={errorOf('service_start')} />
        <TextField
          label={t('hosting.serviceEnd')}
          type="time"
          value={values.service_end}
          onChange={(value) => setValue('service_end', value)}
          error={errorOf('service_end')}
          hint={t('hosting.serviceEndHint')}
        />
        <TextField label={t('hosting.minGuests')} inputMode="numeric" value={values.min_guests} onChange={(value) => setValue('min_guests', value)} error={errorOf('min_guests')} />
        <TextField label={t('hosting.maxGuests')} inputMode="numeric" value={values.max_guests} onChange={(value) => setValue('max_guests', value)} error={errorOf('max_guests')} />
        <TextField
          label={t('hosting.noticeDays')}
          inputMode="numeric"
          value={values.notice_days}
          onChange={(value) => setValue('notice_days', value)}
          error={errorOf('notice_days')}
          hint={t('hosting.noticeDaysHint')}
        />
      </div>
      <ChoiceChips
        legend={t('hosting.regions')}
        options={REGIONS.map((region) => ({ value: region, label: t(`regions.${region}`) }))}
        selected={values.regions}
        onChange={(value) => setValue('regions', value)}
        error={errorOf('regions')}
      />
      <ChoiceChips
        legend={t('hosting.causeCategories')}
        hint={t('hosting.causeCategoriesHint')}
        options={CAUSE_CATEGORIES.map((category) => ({ value: category, label: tCauses(`categories.${category}`) }))}
        selected={values.cause_categories}
        onChange={(value) => setValue('cause_categories', value)}
        error={errorOf('cause_categories')}
      />
      <div className="flex justify-end">
        <SubmitButton pending={mutation.isPending}>{t('hosting.save')}</SubmitButton>
      </div>
    </form>
  );
}
