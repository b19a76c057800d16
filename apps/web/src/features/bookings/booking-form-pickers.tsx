import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, type Me } from '@goodtable/shared';
import { SelectionList, type SelectionOption } from '../../components/form/selection-list.tsx';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { useSpeaker } from '../../lib/speaker.ts';
import { causeDirectoryQuery } from '../causes/causes-api.ts';
import { restaurantDirectoryQuery } from '../restaurants/restaurants-api.ts';

/** How many matches a picker lists per search. */
const PICKER_RESULTS = 10;

type PickerProps = {
  label: string;
  value: string;
  /** The chosen item's name, known from the booking or the pre-filled address. */
  selectedLabel: string | null;
  onChange: (id: string, label: string) => void;
  error?: string;
  disabled?: boolean;
};

/** Keeps the chosen item listed (by name) whatever the current search returns. */
function withSelected({ options, value, selectedLabel }: { options: SelectionOption[]; value: string; selectedLabel: string | null }): SelectionOption[] {
  if (!value || options.some((option) => option.value === value)) return options;
  return [{ value, label: selectedLabel ?? value }, ...options];
}

/** The selection list every picker shows: the chosen id comes back with its label. */
function PickerList({
  options,
  value,
  onChange,
  placeholder,
  onQueryChange,
  ...field
}: Omit<PickerProps, 'selectedLabel'> & { options: SelectionOption[]; placeholder: string; onQueryChange?: (query: string) => void }) {
  return (
    <SelectionList
      {...field}
      options={options}
      value={value || null}
      onChange={(id) => onChange(id, options.find((option) => option.value === id)?.label ?? id)}
      onQueryChange={onQueryChange}
      placeholder={placeholder}
    />
  );
}

function useServerSearch() {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  return { search, setQuery };
}

/** A client's restaurant: searched in the public directory (published restaurants). */
export function RestaurantSearchPicker({ label, value, selectedLabel, onChange, error, disabled }: PickerProps) {
  const { t } = useTranslation('booking-forms');
  const { search, setQuery } = useServerSearch();
  const directoryQuery = { page: 1, limit: PICKER_RESULTS, sortBy: 'name:asc' as const, search: search || undefined };
  const results = useQuery(restaurantDirectoryQuery(directoryQuery));
  const options = useMemo(
    () => withSelected({ options: (results.data?.data ?? []).map((restaurant) => ({ value: restaurant.id, label: `${restaurant.name} · ${restaurant.city}` })), value, selectedLabel }),
    [results.data, value, selectedLabel],
  );
  return (
    <PickerList label={label} options={options} value={value} onChange={onChange} onQueryChange={setQuery} error={error} placeholder={t('form.restaurantSearch')} disabled={disabled} />
  );
}

/** A manager's restaurant: one of the restaurants it runs (the speaker switcher's list). */
export function ManagedRestaurantPicker({ label, value, onChange, error, disabled, viewer }: PickerProps & { viewer: Me }) {
  const { t } = useTranslation('booking-forms');
  const { restaurants } = useSpeaker(viewer);
  const options = restaurants.map((restaurant) => ({ value: restaurant.id, label: restaurant.name ?? restaurant.email }));
  return (
    <PickerList label={label} options={options} value={value} onChange={onChange} error={error} placeholder={t('form.restaurantSearch')} disabled={disabled} />
  );
}

/** The cause the event raises money for: searched in the public cause directory. */
export function CauseSearchPicker({ label, value, selectedLabel, onChange, error, disabled }: PickerProps) {
  const { t } = useTranslation('booking-forms');
  const { search, setQuery } = useServerSearch();
  const directoryQuery = { page: 1, limit: PICKER_RESULTS, sortBy: 'name:asc' as const, search: search || undefined };
  const results = useQuery(causeDirectoryQuery(directoryQuery));
  const options = useMemo(
    () => withSelected({ options: (results.data?.data ?? []).map((cause) => ({ value: cause.id, label: cause.name })), value, selectedLabel }),
    [results.data, value, selectedLabel],
  );
  return (
    <PickerList label={label} options={options} value={value} onChange={onChange} onQueryChange={setQuery} error={error} placeholder={t('form.causeSearch')} disabled={disabled} />
  );
}
