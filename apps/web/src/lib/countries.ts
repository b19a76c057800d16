import { useQuery } from '@tanstack/react-query';
import type { CountryOption } from '@goodtable/shared';
import { publicApi } from './api.ts';

/** Country options (GET reference/countries) for the country selection list. */
export async function fetchCountries(): Promise<CountryOption[]> {
  return (await publicApi.get<{ data: CountryOption[] }>('reference/countries')).data;
}

/** The country reference list, cached for the session (restaurant profile and cause form share it). */
export function useCountries() {
  return useQuery({ queryKey: ['reference', 'countries'], queryFn: fetchCountries, staleTime: Infinity });
}
