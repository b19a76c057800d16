import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CAUSE_CATEGORIES, hostingPreferencesInputSchema, REGIONS, WEEKDAYS, type HostingPreferences, type HostingPreferencesInput } from '@goodtable/shared';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { ChoiceChips } from './choice-chips.tsx';
import { restaurantKeys, saveHostingPreferences } from './restaurants-api.ts';
import { fieldErrorKeys, serverFieldErrorKeys } from '../../components/form/field-errors.ts';

type Draft = Omit<HostingPreferencesInput, 'min_guests' | 'max_guests' | 'notice_days'> & { min_guests: string; max_guests: string; notice_days: string };

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** A restaurant's hosting preferences: days, service hours, party sizes, notice, regions and cause categories. */
export function HostingPreferencesForm({ preferences }: { preferences: HostingPreferences }) {
  const { t } = useTranslation('restaurants');
  const { t: tCommon } = useTranslation('common');
  const { t: tCauses } = useTranslation('causes');
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const [draft, setDraft] = useState<Draft>({
    weekdays: preferences.weekdays,
    service_start: preferences.service_start,
    service_end: preferences.service_end,
    min_guests: String(preferences.min_guests),
    max_guests: String(preferences.max_guests),
    notice_days: String(preferences.notice_days),
    regions: preferences.regions,
    cause_categories: preferences.cause_categories,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const errorOf = (field: string) => (errors[field] ? tCommon(errors[field]!, { defaultValue: tCommon('validation.invalid') }) : undefined);
  const change = <Field extends keyof Draft>(field: Field, value: Draft[Field]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };

  const mutation = useMutation({
    mutationFn: (input: HostingPreferencesInput) => saveHostingPreferences(preferences.restaurant_id, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(restaurantKeys.hosting(preferences.restaurant_id), saved);
      showToast({ kind: 'success', message: t('hosting.saved') });
    },
    onError: (error) => {
      const fields = serverFieldErrorKeys(error);
      if (fields) setErrors(fields);
      else showErrorToast(error, t('hosting.saveError'));
    },
  });

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = hostingPreferencesInputSchema.safeParse({
          ...draft,
          min_guests: toNumber(draft.min_guests),
          max_guests: toNumber(draft.max_guests),
          notice_days: toNumber(draft.notice_days),
        });
        if (!parsed.success) {
          setErrors(fieldErrorKeys(parsed.error));
          return;
        }
        setErrors({});
        mutation.mutate(parsed.data);
      }}
    >
      <ChoiceChips
        legend={t('hosting.weekdays')}
        options={WEEKDAYS.map((day) => ({ value: day, label: t(`weekdays.${day}`) }))}
        selected={draft.weekdays}
        onChange={(value) => change('weekdays', value)}
        error={errorOf('weekdays')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('hosting.serviceStart')} type="time" value={draft.service_start} onChange={(value) => change('service_start', value)} error={errorOf('service_start')} />
        <TextField
          label={t('hosting.serviceEnd')}
          type="time"
          value={draft.service_end}
          onChange={(value) => change('service_end', value)}
          error={errorOf('service_end')}
          hint={t('hosting.serviceEndHint')}
        />
        <TextField label={t('hosting.minGuests')} inputMode="numeric" value={draft.min_guests} onChange={(value) => change('min_guests', value)} error={errorOf('min_guests')} />
        <TextField label={t('hosting.maxGuests')} inputMode="numeric" value={draft.max_guests} onChange={(value) => change('max_guests', value)} error={errorOf('max_guests')} />
        <TextField
          label={t('hosting.noticeDays')}
          inputMode="numeric"
          value={draft.notice_days}
          onChange={(value) => change('notice_days', value)}
          error={errorOf('notice_days')}
          hint={t('hosting.noticeDaysHint')}
        />
      </div>
      <ChoiceChips
        legend={t('hosting.regions')}
        options={REGIONS.map((region) => ({ value: region, label: t(`regions.${region}`) }))}
        selected={draft.regions}
        onChange={(value) => change('regions', value)}
        error={errorOf('regions')}
      />
      <ChoiceChips
        legend={t('hosting.causeCategories')}
        hint={t('hosting.causeCategoriesHint')}
        options={CAUSE_CATEGORIES.map((category) => ({ value: category, label: tCauses(`categories.${category}`) }))}
        selected={draft.cause_categories}
        onChange={(value) => change('cause_categories', value)}
        error={errorOf('cause_categories')}
      />
      <div className="flex justify-end">
        <SubmitButton pending={mutation.isPending}>{t('hosting.save')}</SubmitButton>
      </div>
    </form>
  );
}
