import { useId } from 'react';

/** A labelled group of checkboxes shown as chips (weekdays, regions, categories, dietary needs). */
export function ChoiceChips<Value extends string>({
  legend,
  hint,
  options,
  selected,
  onChange,
  error,
}: {
  legend: string;
  hint?: string;
  options: readonly { value: Value; label: string }[];
  selected: readonly Value[];
  onChange: (selected: Value[]) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <label
              key={option.value}
              className={`cursor-pointer rounded-full border px-3 py-1.5 text-sm select-none has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
                checked ? 'border-brand-600 bg-brand-50 font-medium text-brand-900' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={checked}
                onChange={(event) => {
                  const next = event.target.checked ? [...selected, option.value] : selected.filter((value) => value !== option.value);
                  // Keep the options' order whatever the click order.
                  onChange(options.map((entry) => entry.value).filter((value) => next.includes(value)));
                }}
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
