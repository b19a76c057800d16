import { useId, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { defaultRestaurantTimeZone, restaurantProfileInputSchema, slugify, type RestaurantProfile, type RestaurantProfileInput } from '@goodtable/shared';
import { SelectionList } from '../../components/form/selection-list.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { FieldError, TextField } from '../../components/form/text-field.tsx';
import { inputClassName } from '../../components/form/input-styles.ts';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { useToast } from '../../components/toast/toast-context.ts';
import { useCountryOptions } from '../../components/form/country-options.ts';
import { restaurantKeys } from './restaurants-api.ts';
import { restaurantProfileQuery, saveRestaurantProfile } from './restaurant-profile-api.ts';
import { useCountries } from '../../lib/countries.ts';
import { timeZoneOptions, useCuisineOptions, useRegionOptions } from './restaurant-options.ts';

/** The form keeps strings; empty ones are sent as null (a draft may leave any field empty). */
const profileFormSchema = z.preprocess(
  (values) => Object.fromEntries(Object.entries(values as Record<string, string>).map(([key, value]) => [key, value.trim() === '' ? null : value])),
  restaurantProfileInputSchema,
);

/** The restaurant's details (docs/product.md, Screens and routes): name, address, cuisine, region, country with its currency and time zone. */
export function ProfileForm({ profile }: { profile: RestaurantProfile }) {
  const { t } = useTranslation('restaurants');
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const cuisineOptions = useCuisineOptions();
  const regionOptions = useRegionOptions();
  const countryOptions = useCountryOptions();
  const countries = useCountries();
  const descriptionId = useId();
  const [slugEdited, setSlugEdited] = useState(Boolean(profile.slug));

  const form = useZodForm({
    schema: profileFormSchema,
    defaultValues: {
      name: profile.name ?? '',
      // A new profile proposes an address from the account's restaurant name.
      slug: profile.slug ?? (profile.name ? slugify(profile.name) : ''),
      description: profile.description ?? '',
      cuisine: profile.cuisine ?? '',
      address: profile.address ?? '',
      city: profile.city ?? '',
      region: profile.region ?? '',
      country: profile.country ?? '',
      timezone: profile.timezone ?? '',
    },
  });
  const { values, setValue, errorOf } = form;
  const country = useMemo(() => countries.data?.find((entry) => entry.id === values.country), [countries.data, values.country]);
  const zones = useMemo(() => timeZoneOptions(country), [country]);

  const mutation = useFormMutation({
    form,
    mutationFn: (input: RestaurantProfileInput) => saveRestaurantProfile(profile.id, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(restaurantProfileQuery(profile.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: restaurantKeys.directories });
      // The saved address and time zone are the server's (it may normalise or default them).
      setValue('slug', saved.slug ?? '');
      setValue('timezone', saved.timezone ?? '');
      showToast({ kind: 'success', message: t('profile.saved') });
    },
    errorMessage: t('profile.saveError'),
  });

  const chooseCountry = (code: string) => {
    setValue('country', code);
    const next = countries.data?.find((entry) => entry.id === code);
    const zoneNames = next?.timezones.map((zone) => zone.zoneName) ?? [];
    setValue('timezone', defaultRestaurantTimeZone(values.region, zoneNames) ?? '');
  };

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={form.form.handleSubmit((input) => mutation.mutate(input))}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('profile.name')}
          value={values.name}
          maxLength={120}
          onChange={(value) => {
            setValue('name', value);
            if (!slugEdited) setValue('slug', slugify(value));
          }}
          error={errorOf('name')}
        />
        <TextField
          label={t('profile.slug')}
          value={values.slug}
          maxLength={60}
          hint={t('profile.slugHint', { address: `${window.location.origin}/${values.slug || '…'}` })}
          onChange={(value) => {
            setSlugEdited(true);
            setValue('slug', value.toLowerCase());
          }}
          error={errorOf('slug')}
        />
      </div>
      <div>
        <label htmlFor={descriptionId} className="block text-sm font-medium text-slate-700">
          {t('profile.description')}
        </label>
        <textarea
          id={descriptionId}
          rows={5}
          maxLength={4000}
          value={values.description}
          onChange={(event) => setValue('description', event.target.value)}
          aria-invalid={errorOf('description') ? true : undefined}
          aria-describedby={errorOf('description') ? `${descriptionId}-error` : undefined}
          className={`mt-1 ${inputClassName} ${errorOf('description') ? 'border-red-400' : 'border-slate-300'}`}
        />
        <FieldError id={`${descriptionId}-error`} message={errorOf('description')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectionList label={t('profile.cuisine')} options={cuisineOptions} value={values.cuisine || null} onChange={(value) => setValue('cuisine', value)} error={errorOf('cuisine')} />
        <TextField label={t('profile.address')} value={values.address} maxLength={300} autoComplete="street-address" onChange={(value) => setValue('address', value)} error={errorOf('address')} />
        <TextField label={t('profile.city')} value={values.city} maxLength={120} autoComplete="address-level2" onChange={(value) => setValue('city', value)} error={errorOf('city')} />
        <SelectionList label={t('profile.region')} options={regionOptions} value={values.region || null} onChange={(value) => setValue('region', value)} error={errorOf('region')} />
        <SelectionList
          label={t('profile.country')}
          options={countryOptions.options}
          value={values.country || null}
          onChange={chooseCountry}
          error={errorOf('country') ?? (countryOptions.isError ? t('profile.countriesError') : undefined)}
        />
        <SelectionList
          label={t('profile.timezone')}
          options={zones}
          value={values.timezone || null}
          onChange={(value) => setValue('timezone', value)}
          error={errorOf('timezone')}
          placeholder={country ? undefined : t('profile.timezoneAfterCountry')}
        />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {country ? t('profile.currencyFollows', { currency: country.currency }) : t('profile.currencyAfterCountry')}
      </p>
      <div className="flex justify-end">
        <SubmitButton pending={mutation.isPending}>{t('profile.save')}</SubmitButton>
      </div>
    </form>
  );
}
