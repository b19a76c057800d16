import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CAUSE_CATEGORIES, localeToLanguageTag, type CountryOption } from '@goodtable/shared';
import type { SelectionOption } from '../../components/form/selection-list.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { fetchCountries } from './causes-api.ts';

export function useCategoryOptions(): SelectionOption[] {
  const { t } = useTranslation('causes');
  return useMemo(() => CAUSE_CATEGORIES.map((category) => ({ value: category, label: t(`categories.${category}`) })), [t]);
}

/** Country names in the viewer's language where the browser knows them, else the reference name. */
export function countryLabel(country: Pick<CountryOption, 'id' | 'name' | 'flag'>, languageTag: string): string {
  let name = country.name;
  try {
    name = new Intl.DisplayNames([languageTag], { type: 'region' }).of(country.id) ?? country.name;
  } catch {
    // Unknown code for Intl: keep the reference name.
  }
  return `${country.flag} ${name}`.trim();
}

export function useCountryOptions() {
  const { i18n } = useTranslation();
  const query = useQuery({ queryKey: ['reference', 'countries'], queryFn: fetchCountries, staleTime: Infinity });
  const languageTag = localeToLanguageTag(currentLocale(i18n));
  const options = useMemo<SelectionOption[]>(
    () =>
      (query.data ?? [])
        .map((country) => ({ value: country.id, label: countryLabel(country, languageTag) }))
        .sort((a, b) => a.label.replace(/^\S+\s/, '').localeCompare(b.label.replace(/^\S+\s/, ''), languageTag)),
    [query.data, languageTag],
  );
  return { options, isError: query.isError, isPending: query.isPending };
}
