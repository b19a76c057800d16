import { useId, useMemo } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import type { Menu, MenuInput } from '@goodtable/shared';
import { BoundTextField } from '../../components/form/form-fields.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { FieldError } from '../../components/form/text-field.tsx';
import { inputClassName } from '../../components/form/input-styles.ts';
import { useFormMutation } from '../../components/form/use-form-mutation.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { menuFormSchema, menuFormValues } from './menu-form-schema.ts';

type MenuFormDialogProps = {
  open: boolean;
  menu: Menu | null;
  currency: string;
  onClose: () => void;
  /** Creates or updates the menu on the server. */
  save: (input: MenuInput) => Promise<Menu>;
  onSaved: (saved: Menu) => void;
};

/** Add or edit a menu: name, description, price per head in the restaurant's currency, guest range, active. */
export function MenuFormDialog(props: MenuFormDialogProps) {
  const { t } = useTranslation('restaurants');
  return (
    <Dialog open={props.open} onClose={props.onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{props.menu ? t('menus.editTitle') : t('menus.addTitle')}</DialogTitle>
          {props.open ? <MenuForm key={props.menu?.id ?? 'new'} {...props} /> : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function MenuForm({ menu, currency, onClose, save, onSaved }: MenuFormDialogProps) {
  const { t } = useTranslation('restaurants');
  const ids = { description: useId(), active: useId() };
  const schema = useMemo(() => menuFormSchema(currency), [currency]);
  const form = useZodForm({ schema, defaultValues: menuFormValues(menu, currency) });
  const mutation = useFormMutation({ form, mutationFn: save, onSuccess: onSaved, errorMessage: t('menus.saveError') });
  const { values, setValue, errorOf } = form;

  return (
    <form noValidate className="mt-4 space-y-4" onSubmit={form.form.handleSubmit((input) => mutation.mutate(input))}>
      <BoundTextField form={form} name="name" label={t('menus.name')} maxLength={120} />
      <div>
        <label htmlFor={ids.description} className="block text-sm font-medium text-slate-700">
          {t('menus.description')}
        </label>
        <textarea
          id={ids.description}
          rows={3}
          maxLength={2000}
          value={values.description}
          onChange={(event) => setValue('description', event.target.value)}
          className={`mt-1 ${inputClassName} border-slate-300`}
        />
        <FieldError id={`${ids.description}-error`} message={errorOf('description')} />
      </div>
      <BoundTextField
        form={form}
        name="price_per_head"
        label={t('menus.price', { currency })}
        inputMode="decimal"
        hint={t(currency === 'VND' ? 'menus.priceHintWhole' : 'menus.priceHint')}
      />
      <div className="grid grid-cols-2 gap-4">
        <BoundTextField form={form} name="min_guests" label={t('menus.minGuests')} inputMode="numeric" />
        <BoundTextField form={form} name="max_guests" label={t('menus.maxGuests')} inputMode="numeric" />
      </div>
      <div className="flex items-center gap-2">
        <input
          id={ids.active}
          type="checkbox"
          checked={values.active === 'true'}
          onChange={(event) => setValue('active', String(event.target.checked))}
          className="size-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
        />
        <label htmlFor={ids.active} className="text-sm text-slate-700">
          {t('menus.activeLabel')}
        </label>
      </div>
      <FieldError id={`${ids.active}-error`} message={errorOf('active')} />
      <div className="flex justify-end gap-3 pt-2">
        <button type="button" onClick={onClose} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
          {t('menus.cancel')}
        </button>
        <SubmitButton pending={mutation.isPending}>{menu ? t('menus.saveMenu') : t('menus.addMenu')}</SubmitButton>
      </div>
    </form>
  );
}
