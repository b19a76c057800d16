import { useId, type InputHTMLAttributes } from 'react';
import { inputClassName } from './input-styles.ts';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Translated error text shown under the field. */
  error?: string;
  hint?: string;
};

export function TextField({ label, value, onChange, error, hint, ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 ${inputClassName} ${error ? 'border-red-400' : 'border-slate-300'}`}
        {...inputProps}
      />
      {hint && !error ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600">
      {message}
    </p>
  );
}
