import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeToLanguageTag, type CountryOption } from '@goodtable/shared';
import { useCountries } from '../../lib/countries.ts';
import { currentLocale } from '../../lib/i18n.ts';
import type { SelectionOption } from './selection-list.tsx';

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
  const query = useCountries();
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
