import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clientPreferencesInputSchema, DIETARY_NEEDS, type ClientPreferences, type ClientPreferencesInput, type DietaryNeed } from '@goodtable/shared';
import { SelectionList } from '../../components/form/selection-list.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { FieldError, TextField } from '../../components/form/text-field.tsx';
import { inputClassName } from '../../components/form/input-styles.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { ChoiceChips } from './choice-chips.tsx';
import { useRegionOptions } from './restaurant-options.ts';
import { restaurantKeys, saveClientPreferences } from './restaurants-api.ts';
import { fieldErrorKeys, serverFieldErrorKeys } from '../../components/form/field-errors.ts';

/** A client's defaults for new events; the region and party size also pre-fill the restaurant directory. */
export function ClientPreferencesForm({ preferences }: { preferences: ClientPreferences }) {
  const { t } = useTranslation('restaurants');
  const { t: tCommon } = useTranslation('common');
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const regionOptions = useRegionOptions();
  const notesId = useId();
  const [region, setRegion] = useState(preferences.region ?? '');
  const [partySize, setPartySize] = useState(preferences.party_size ? String(preferences.party_size) : '');
  const [dietaryNeeds, setDietaryNeeds] = useState<DietaryNeed[]>(preferences.dietary_needs);
  const [notes, setNotes] = useState(preferences.dietary_notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const errorOf = (field: string) => (errors[field] ? tCommon(errors[field]!, { defaultValue: tCommon('validation.invalid') }) : undefined);

  const mutation = useMutation({
    mutationFn: (input: ClientPreferencesInput) => saveClientPreferences(input),
    onSuccess: (saved) => {
      queryClient.setQueryData(restaurantKeys.clientPreferences, saved);
      showToast({ kind: 'success', message: t('client.saved') });
    },
    onError: (error) => {
      const fields = serverFieldErrorKeys(error);
      if (fields) setErrors(fields);
      else showErrorToast(error, t('client.saveError'));
    },
  });

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = clientPreferencesInputSchema.safeParse({
          region: region || null,
          party_size: partySize.trim() === '' ? null : Number(partySize.trim()),
          dietary_needs: dietaryNeeds,
          dietary_notes: notes,
        });
        if (!parsed.success) {
          setErrors(fieldErrorKeys(parsed.error));
          return;
        }
        setErrors({});
        mutation.mutate(parsed.data);
      }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <SelectionList label={t('client.region')} options={regionOptions} value={region || null} onChange={setRegion} error={errorOf('region')} />
          {region ? (
            <button type="button" onClick={() => setRegion('')} className="mt-1 text-xs font-semibold text-brand-700 hover:text-brand-800">
              {t('client.clearRegion')}
            </button>
          ) : null}
        </div>
        <TextField label={t('client.partySize')} inputMode="numeric" value={partySize} onChange={setPartySize} error={errorOf('party_size')} hint={t('client.partySizeHint')} />
      </div>
      <ChoiceChips
        legend={t('client.dietaryNeeds')}
        options={DIETARY_NEEDS.map((need) => ({ value: need, label: t(`dietary.${need}`) }))}
        selected={dietaryNeeds}
        onChange={setDietaryNeeds}
        error={errorOf('dietary_needs')}
      />
      <div>
        <label htmlFor={notesId} className="block text-sm font-medium text-slate-700">
          {t('client.notes')}
        </label>
        <textarea id={notesId} rows={3} maxLength={500} value={notes} onChange={(event) => setNotes(event.target.value)} className={`mt-1 ${inputClassName} border-slate-300`} />
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
