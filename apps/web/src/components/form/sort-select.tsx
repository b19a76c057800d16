import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClassName } from './text-field.tsx';

/** The "Sort by" select of a list; `options` carry their translated labels. */
export function SortSelect<Value extends string>({
  value,
  options,
  onChange,
}: {
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {t('sortBy')}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={`mt-1 ${inputClassName} border-slate-300`}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
