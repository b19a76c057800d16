import { useId } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { menuInputSchema, type Menu, type MenuInput } from '@goodtable/shared';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { FieldError, TextField } from '../../components/form/text-field.tsx';
import { inputClassName } from '../../components/form/input-styles.ts';
import { useValidatedForm } from '../../components/form/use-validated-form.ts';
import { parsePriceInput, priceInputText } from './price-input.ts';

function menuFormSchema(currency: string) {
  return z.preprocess((raw) => {
    const values = raw as Record<string, string>;
    const price = parsePriceInput(values.price_per_head ?? '', currency);
    const integer = (text: string | undefined) => (text && /^\d+$/.test(text.trim()) ? Number(text.trim()) : text?.trim() ? Number.NaN : undefined);
    return {
      name: values.name,
      description: values.description,
      // An unparsable price stays text so the schema reports it under the price field.
      price_per_head: price ?? (values.price_per_head?.trim() ? values.price_per_head : undefined),
      min_guests: integer(values.min_guests),
      max_guests: integer(values.max_guests),
      active: values.active === 'true',
    };
  }, menuInputSchema);
}

type MenuFormDialogProps = {
  open: boolean;
  menu: Menu | null;
  currency: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (input: MenuInput, form: { showServerFieldErrors: (error: unknown) => boolean }) => void;
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

function MenuForm({ menu, currency, pending, onClose, onSubmit }: MenuFormDialogProps) {
  const { t } = useTranslation('restaurants');
  const ids = { description: useId(), active: useId() };
  const form = useValidatedForm({
    schema: menuFormSchema(currency),
    initialValues: {
      name: menu?.name ?? '',
      description: menu?.description ?? '',
      price_per_head: menu ? priceInputText(menu.price_per_head, currency) : '',
      min_guests: menu ? String(menu.min_guests) : '',
      max_guests: menu ? String(menu.max_guests) : '',
      active: menu ? String(menu.active) : 'true',
    },
  });
  const { values, setValue, errorOf } = form;

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const input = form.validate();
        if (input) onSubmit(input as MenuInput, form);
      }}
    >
      <TextField label={t('menus.name')} value={values.name} maxLength={120} onChange={(value) => setValue('name', value)} error={errorOf('name')} />
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
      <TextField
        label={t('menus.price', { currency })}
        value={values.price_per_head}
        inputMode="decimal"
        onChange={(value) => setValue('price_per_head', value)}
        error={errorOf('price_per_head')}
        hint={t(currency === 'VND' ? 'menus.priceHintWhole' : 'menus.priceHint')}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField label={t('menus.minGuests')} value={values.min_guests} inputMode="numeric" onChange={(value) => setValue('min_guests', value)} error={errorOf('min_guests')} />
        <TextField label={t('menus.maxGuests')} value={values.max_guests} inputMode="numeric" onChange={(value) => setValue('max_guests', value)} error={errorOf('max_guests')} />
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
        <SubmitButton pending={pending}>{menu ? t('menus.saveMenu') : t('menus.addMenu')}</SubmitButton>
      </div>
    </form>
  );
}
