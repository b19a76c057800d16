import { CAUSE_SLUG_MAX, CAUSE_SORT_OPTIONS, slugify, type CauseSortValue } from '@goodtable/shared';
import { isOption } from '../../lib/directory-params.ts';

type SelectableCause = { id: string; name: string; created_at: string };

/** Dashboard layout (docs/product.md, Screens and routes): the `causeId` query selects that cause, else the first cause of the list. */
export function selectCause<Item extends { id: string }>(causes: readonly Item[], causeId: string | null | undefined): Item | undefined {
  if (causeId) {
    const chosen = causes.find((cause) => cause.id === causeId);
    if (chosen) return chosen;
  }
  return causes[0];
}

/** Layout sort options (docs/product.md, Screens and routes): Latest (created_at:desc) and A-Z (name:asc), case-insensitive. */
export function sortCauses<Item extends SelectableCause>(causes: readonly Item[], sort: CauseSortValue): Item[] {
  const sorted = [...causes];
  if (sort === 'name:asc') sorted.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id));
  else sorted.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
  return sorted;
}

/** A URL address from a name: "Bếp Yêu Thương!" → "bep-yeu-thuong". */
export function slugFromName(name: string): string {
  return slugify(name, CAUSE_SLUG_MAX);
}

export function isCauseSortValue(value: string | null): value is CauseSortValue {
  return isOption(value, CAUSE_SORT_OPTIONS);
}
