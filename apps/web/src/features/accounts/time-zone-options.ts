import { currentTimeZoneName, supportedTimeZones } from '@goodtable/shared';
import type { SelectionOption } from '../../components/form/selection-list.tsx';

/**
 * The supported time zones plus UTC as selection-list options; the user's saved zone is always among them, even
 * when this browser lists it under another name.
 */
export function timeZoneOptions(savedZone: string): SelectionOption[] {
  const zones = supportedTimeZones();
  const saved = currentTimeZoneName(savedZone);
  if (saved && !zones.includes(saved)) zones.push(saved);
  return zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}
