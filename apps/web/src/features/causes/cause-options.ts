import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CAUSE_CATEGORIES } from '@goodtable/shared';
import type { SelectionOption } from '../../components/form/selection-list.tsx';

export function useCategoryOptions(): SelectionOption[] {
  const { t } = useTranslation('causes');
  return useMemo(() => CAUSE_CATEGORIES.map((category) => ({ value: category, label: t(`categories.${category}`) })), [t]);
}
