import { useTranslation } from 'react-i18next';
import { SelectField } from './select-field.tsx';

/** The "Sort by" select of a list; `options` carry their translated labels. */
export function SortSelect<Value extends string>(props: {
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return <SelectField label={t('sortBy')} {...props} />;
}
