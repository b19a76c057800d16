import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { matchesSelectionFilter } from '@goodtable/shared';
import { inputClassName } from './input-styles.ts';

export type SelectionOption = { value: string; label: string };

type SelectionListProps = {
  label: string;
  options: readonly SelectionOption[];
  value: string | null;
  onChange: (value: string) => void;
  /** Translated error text shown under the field. */
  error?: string;
  placeholder?: string;
  name?: string;
  /**
   * Search on the server instead: each typed query is reported here and `options` are shown as given (the caller
   * keeps the selected option among them).
   */
  onQueryChange?: (query: string) => void;
  disabled?: boolean;
};

/**
 * Searchable selection list (docs/product.md, Validation rules): filtering ignores case and whitespace, "Nothing found." shows when the
 * search matches nothing, an error can show under the field, and the list is at most 15rem tall.
 */
export function SelectionList({ label, options, value, onChange, error, placeholder, name, onQueryChange, disabled }: SelectionListProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const [query, setQuery] = useState('');
  const filtered = useMemo(
    () => (onQueryChange || query.trim() === '' ? options : options.filter((option) => matchesSelectionFilter(option.label, query))),
    [options, query, onQueryChange],
  );
  const selected = options.find((option) => option.value === value) ?? null;

  return (
    <Field>
      <Label className="block text-sm font-medium text-slate-700">{label}</Label>
      <Combobox
        value={selected}
        onChange={(option: SelectionOption | null) => {
          if (option) onChange(option.value);
        }}
        onClose={() => {
          setQuery('');
          onQueryChange?.('');
        }}
        by="value"
        name={name}
        disabled={disabled}
      >
        <div className="relative mt-1">
          <ComboboxInput
            className={`${inputClassName} pr-10 ${error ? 'border-red-400' : 'border-slate-300'}`}
            displayValue={(option: SelectionOption | null) => option?.label ?? ''}
            onChange={(event) => {
              setQuery(event.target.value);
              onQueryChange?.(event.target.value);
            }}
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            autoComplete="off"
          />
          <ComboboxButton className="absolute inset-y-0 right-0 flex items-center px-2 text-slate-500" aria-label={t('selectionList.showOptions')}>
            <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
              <path d="M10 3a.75.75 0 0 1 .55.24l3.25 3.5a.75.75 0 1 1-1.1 1.02L10 4.85 7.3 7.76a.75.75 0 0 1-1.1-1.02l3.25-3.5A.75.75 0 0 1 10 3Zm-3.76 9.2a.75.75 0 0 1 1.06.04l2.7 2.91 2.7-2.91a.75.75 0 1 1 1.1 1.02l-3.25 3.5a.75.75 0 0 1-1.1 0l-3.25-3.5a.75.75 0 0 1 .04-1.06Z" />
            </svg>
          </ComboboxButton>
          <ComboboxOptions
            anchor="bottom start"
            className="z-40 max-h-60 w-(--input-width) overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg [--anchor-gap:4px] empty:invisible"
          >
            {filtered.length === 0 && query.trim() !== '' ? (
              <div className="px-3 py-2 text-slate-500">{t('selectionList.nothingFound')}</div>
            ) : (
              filtered.map((option) => (
                <ComboboxOption
                  key={option.value}
                  value={option}
                  className="cursor-default px-3 py-2 text-slate-800 select-none data-focus:bg-brand-50 data-focus:text-brand-900 data-selected:font-semibold"
                >
                  {option.label}
                </ComboboxOption>
              ))
            )}
          </ComboboxOptions>
        </div>
      </Combobox>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </Field>
  );
}
