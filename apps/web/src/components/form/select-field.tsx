import { useId, type SelectHTMLAttributes } from 'react';
import { inputClassName } from './input-styles.ts';

/**
 * A labelled native select: keyboard and screen-reader ready with no widget code, so public pages (directory filters,
 * sort) stay within their JavaScript budget. `options` carry their translated labels.
 */
export function SelectField<Value extends string>({
  label,
  value,
  options,
  onChange,
  ...selectProps
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: string) => void;
} & Pick<SelectHTMLAttributes<HTMLSelectElement>, 'disabled' | 'aria-invalid' | 'aria-describedby'>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={`mt-1 ${inputClassName} border-slate-300`} {...selectProps}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
