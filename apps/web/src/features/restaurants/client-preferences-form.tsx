import { useId } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DIETARY_NEEDS, type ClientPreferences, type ClientPreferencesInput } from '@goodtable/shared';
import { SelectionList } from '../../components/form/selection-list.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { FieldError, TextField } from '../../components/form/text-field.tsx';
import { inputClassName } from '../../components/form/input-styles.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { ChoiceChips } from './choice-chips.tsx';
import { useRegionOptions } from './restaurant-options.ts';
import { clientPreferencesQuery, saveClientPreferences } from './restaurants-api.ts';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { clientPreferencesFormSchema, clientPreferencesFormValues } from './preferences-form-schemas.ts';

/** A client's defaults for new events; the region and party size also pre-fill the restaurant directory. */
export function ClientPreferencesForm({ preferences }: { preferences: ClientPreferences }) {
  const { t } = useTranslation('restaurants');
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const regionOptions = useRegionOptions();
  const notesId = useId();
  const form = useZodForm({ schema: clientPreferencesFormSchema, defaultValues: clientPreferencesFormValues(preferences) });
  const { values, setValue, errorOf } = form;
  const mutation = useFormMutation({
    form,
    mutationFn: (input: ClientPreferencesInput) => saveClientPreferences(input),
    onSuccess: (saved) => {
      queryClient.setQueryData(clientPreferencesQuery().queryKey, saved);
      showToast({ kind: 'success', message: t('client.saved') });
    },
    errorMessage: t('client.saveError'),
  });

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={form.form.handleSubmit((input) => mutation.mutate(input))}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <SelectionList label={t('client.region')} options={regionOptions} value={values.region || null} onChange={(value) => setValue('region', value)} error={errorOf('region')} />
          {values.region ? (
            <button type="button" onClick={() => setValue('region', '')} className="mt-1 text-xs font-semibold text-brand-700 hover:text-brand-800">
              {t('client.clearRegion')}
            </button>
          ) : null}
        </div>
        <TextField label={t('client.partySize')} inputMode="numeric" value={values.party_size} onChange={(value) => setValue('party_size', value)} error={errorOf('party_size')} hint={t('client.partySizeHint')} />
      </div>
      <ChoiceChips
        legend={t('client.dietaryNeeds')}
        options={DIETARY_NEEDS.map((need) => ({ value: need, label: t(`dietary.${need}`) }))}
        selected={values.dietary_needs}
        onChange={(value) => setValue('dietary_needs', value)}
        error={errorOf('dietary_needs')}
      />
      <div>
        <label htmlFor={notesId} className="block text-sm font-medium text-slate-700">
          {t('client.notes')}
        </label>
        <textarea id={notesId} rows={3} maxLength={500} value={values.dietary_notes} onChange={(event) => setValue('dietary_notes', event.target.value)} className={`mt-1 ${inputClassName} border-slate-300`} />
        <FieldError id={`${notesId}-error`} message={errorOf('dietary_notes')} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Link to="/restaurants" className="text-sm font-semibold text-brand-700 hover:text-brand-800">
          {t('client.browse')}
        </Link>
        <SubmitButton pending={mutation.isPending}>{t('client.save')}</SubmitButton>
      </div>
    </form>
  );
}
