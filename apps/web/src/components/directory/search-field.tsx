import { useId } from 'react';
import { inputClassName } from '../form/input-styles.ts';

/** The labelled search box of a directory. */
export function SearchField({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className={`mt-1 ${inputClassName} border-slate-300`}
      />
    </div>
  );
}
