import type { SelectionOption } from '../../components/form/selection-list.tsx';

/** The supported time zones of this browser plus UTC, as selection-list options (SPEC.md §5 timezone form). */
export function timeZoneOptions(): SelectionOption[] {
  const zones = new Set<string>(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  zones.add('UTC');
  return [...zones].sort((a, b) => a.localeCompare(b)).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}
