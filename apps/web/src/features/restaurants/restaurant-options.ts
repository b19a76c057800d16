import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CUISINES, DIRECTORY_REGIONS, REGIONS, type CountryOption } from '@goodtable/shared';
import type { SelectionOption } from '../../components/form/selection-list.tsx';

export function useCuisineOptions(): SelectionOption[] {
  const { t } = useTranslation('restaurants');
  return useMemo(
    () => CUISINES.map((cuisine) => ({ value: cuisine, label: t(`cuisines.${cuisine}`) })).sort((a, b) => a.label.localeCompare(b.label)),
    [t],
  );
}

export function useRegionOptions(): SelectionOption[] {
  const { t } = useTranslation('restaurants');
  return useMemo(() => REGIONS.map((region) => ({ value: region, label: t(`regions.${region}`) })), [t]);
}

/** The directory's region filter: Australia's regions, Worldwide, and Da Nang for Vietnam's restaurants. */
export function useDirectoryRegionOptions(): SelectionOption[] {
  const { t } = useTranslation('restaurants');
  return useMemo(() => DIRECTORY_REGIONS.map((region) => ({ value: region, label: t(`regions.${region}`) })), [t]);
}

/** Time zones of one country, labelled with their UTC offset. */
export function timeZoneOptions(country: CountryOption | undefined): SelectionOption[] {
  return (country?.timezones ?? []).map((zone) => ({ value: zone.zoneName, label: `${zone.zoneName.replaceAll('_', ' ')} (${zone.gmtOffsetName})` }));
}
