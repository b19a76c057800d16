import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** /sign-up's "I represent a cause": checked, the new account is a cause account. */
export function CauseChoice({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('accounts');
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name="is_cause"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {t('causeChoice.label')}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {t('causeChoice.hint')}
        </p>
      </div>
    </div>
  );
}
