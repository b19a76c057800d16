import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '@goodtable/shared';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';

export type AddressUpdate = (changes: Record<string, string | undefined>, resetPage?: boolean) => void;

/**
 * A directory keeps its state in the address (shareable, back button). `update` sets or (for an empty value)
 * removes query parameters and goes back to the first page unless told otherwise. A filter change replaces the
 * history entry; a change of page alone (`resetPage` false) adds one, so Back returns to the page before.
 */
export function useDirectoryAddress() {
  const [searchParams, setSearchParams] = useSearchParams();
  const update: AddressUpdate = (changes, resetPage = true) => {
    // From the address as it is now, not as last rendered (what setSearchParams' updater is handed): two changes in
    // a row, a filter then the sort before the list renders again, must not undo the first.
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (resetPage) next.delete('page');
    setSearchParams(next, { replace: resetPage });
  };
  return { searchParams, setSearchParams, update };
}

/** The text of a directory's search box; once it settles (SEARCH_DEBOUNCE_MS), its trimmed value becomes `search` in the address. */
export function useDebouncedSearch(search: string | undefined, update: AddressUpdate) {
  const [searchText, setSearchText] = useState(search ?? '');
  const debouncedSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if ((debouncedSearch.trim() || undefined) !== search) update({ search: debouncedSearch.trim() || undefined });
    // Only the settled search text drives the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);
  return [searchText, setSearchText] as const;
}
