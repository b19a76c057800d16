import { queryOptions, useQuery } from '@tanstack/react-query';
import { localeToLanguageTag, type CountryOption, type Locale } from '@goodtable/shared';
import { publicApi } from './api.ts';

/** Country options (GET reference/countries) for the country selection list. */
export async function fetchCountries(): Promise<CountryOption[]> {
  return (await publicApi.get<{ data: CountryOption[] }>('reference/countries')).data;
}

/** The country reference list, cached for the session (restaurant profile and cause form share it). */
export const countriesQuery = () => queryOptions({ queryKey: ['reference', 'countries'] as const, queryFn: fetchCountries, staleTime: Infinity });

export function useCountries() {
  return useQuery(countriesQuery());
}

/** A country's name in the viewer's language (Intl), else the English name the API gave. */
export function localCountryName({ code, fallback, locale }: { code: string | null; fallback: string; locale: Locale }): string {
  if (!code) return fallback;
  try {
    return new Intl.DisplayNames([localeToLanguageTag(locale)], { type: 'region' }).of(code) ?? fallback;
  } catch {
    return fallback;
  }
}
