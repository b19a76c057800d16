import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Menu, type MenuInput, type RestaurantProfile } from '@goodtable/shared';
import { Spinner } from '../../components/feedback/spinner.tsx';
import { useToast } from '../../components/toast/toast-context.ts';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { createMenu, reorderMenus, restaurantProfileQuery, updateMenu } from './restaurant-profile-api.ts';
import { MenuFormDialog } from './menu-form-dialog.tsx';
import { moveInOrder } from './menu-order.ts';

const toInput = (menu: Menu, changes: Partial<MenuInput> = {}): MenuInput => ({
  name: menu.name,
  description: menu.description,
  price_per_head: menu.price_per_head,
  min_guests: menu.min_guests,
  max_guests: menu.max_guests,
  active: menu.active,
  ...changes,
});

/** Menus: add, edit, reorder with up/down buttons (keyboard focus follows the moved menu), activate and deactivate. */
export function MenuManager({ profile }: { profile: RestaurantProfile }) {
  const { t, i18n } = useTranslation('restaurants');
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const showErrorToast = useErrorToast();
  const [editing, setEditing] = useState<{ menu: Menu | null } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const locale = currentLocale(i18n);
  const currency = profile.currency;

  const setMenus = (menus: Menu[]) =>
    queryClient.setQueryData(restaurantProfileQuery(profile.id).queryKey, (current) => (current ? { ...current, menus } : current));
  const refresh = () => queryClient.invalidateQueries({ queryKey: restaurantProfileQuery(profile.id).queryKey });

  const editedMenu = editing?.menu ?? null;
  const saveMenu = (input: MenuInput) => (editedMenu ? updateMenu({ restaurantId: profile.id, menuId: editedMenu.id, input }) : createMenu(profile.id, input));
  const onMenuSaved = (saved: Menu) => {
    setMenus(editedMenu ? profile.menus.map((entry) => (entry.id === saved.id ? saved : entry)) : [...profile.menus, saved]);
    void refresh();
    showToast({ kind: 'success', message: t(editedMenu ? 'menus.updated' : 'menus.added') });
    setEditing(null);
  };

  const toggle = useMutation({
    mutationFn: (menu: Menu) => updateMenu({ restaurantId: profile.id, menuId: menu.id, input: toInput(menu, { active: !menu.active }) }),
    onSuccess: (saved) => {
      setMenus(profile.menus.map((entry) => (entry.id === saved.id ? saved : entry)));
      void refresh();
      showToast({ kind: 'success', message: t(saved.active ? 'menus.activated' : 'menus.deactivated', { name: saved.name }) });
    },
    onError: (error) => showErrorToast(error, t('menus.saveError')),
  });

  const reorder = useMutation({
    mutationFn: (ids: string[]) => reorderMenus(profile.id, ids),
    onMutate: (ids) => {
      const byId = new Map(profile.menus.map((menu) => [menu.id, menu]));
      setMenus(ids.map((id, position) => ({ ...byId.get(id)!, position })));
    },
    onSuccess: (menus) => {
      setMenus(menus);
      void refresh();
    },
    onError: (error) => {
      void refresh();
      showErrorToast(error, t('menus.reorderError'));
    },
  });

  const move = (menu: Menu, direction: -1 | 1) => {
    const ids = profile.menus.map((entry) => entry.id);
    const next = moveInOrder({ ids, id: menu.id, direction });
    if (next.join() === ids.join()) return;
    reorder.mutate(next);
    // Keep the keyboard on the moved menu's button in the same direction (or the other one at an end).
    requestAnimationFrame(() => {
      const index = next.indexOf(menu.id);
      const key = (direction === -1 && index > 0) || index === next.length - 1 ? `${menu.id}:up` : `${menu.id}:down`;
      buttons.current.get(key)?.focus();
    });
  };

  if (!currency) {
    return <p className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">{t('menus.countryFirst')}</p>;
  }

  return (
    <div>
      {profile.menus.length === 0 ? <p className="text-sm text-slate-600">{t('menus.none')}</p> : null}
      <ol className="space-y-3" aria-label={t('menus.listLabel')}>
        {profile.menus.map((menu, index) => (
          <li key={menu.id} className={`flex flex-wrap items-start gap-4 rounded-lg border p-4 ${menu.active ? 'border-slate-200 bg-white' : 'border-dashed border-slate-300 bg-slate-50'}`}>
            <div className="flex flex-col gap-1">
              <button
                type="button"
                ref={(element) => {
                  if (element) buttons.current.set(`${menu.id}:up`, element);
                }}
                onClick={() => move(menu, -1)}
                disabled={index === 0 || reorder.isPending}
                aria-label={t('menus.moveUp', { name: menu.name })}
                className="rounded border border-slate-300 px-2 py-0.5 text-slate-700 hover:bg-slate-100 disabled:opacity-40"
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                ref={(element) => {
                  if (element) buttons.current.set(`${menu.id}:down`, element);
                }}
                onClick={() => move(menu, 1)}
                disabled={index === profile.menus.length - 1 || reorder.isPending}
                aria-label={t('menus.moveDown', { name: menu.name })}
                className="rounded border border-slate-300 px-2 py-0.5 text-slate-700 hover:bg-slate-100 disabled:opacity-40"
              >
                <span aria-hidden="true">↓</span>
              </button>
            </div>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-slate-900">{menu.name}</h3>
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${menu.active ? 'bg-brand-50 text-brand-800' : 'bg-slate-200 text-slate-700'}`}>
                  {menu.active ? t('menus.active') : t('menus.inactive')}
                </span>
              </div>
              {menu.description ? <p className="mt-1 text-sm text-slate-600">{menu.description}</p> : null}
              <p className="mt-1 text-sm text-slate-800">
                {t('menus.pricePerHead', { price: formatMoney(menu.price_per_head, { currency: menu.currency, locale }) })} ·{' '}
                {t('menus.guestRange', { min: menu.min_guests, max: menu.max_guests })}
              </p>
            </div>
            <div className="flex gap-2">
              <button type="button" onClick={() => setEditing({ menu })} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
                {t('menus.edit')}
                <span className="sr-only"> {menu.name}</span>
              </button>
              <button
                type="button"
                onClick={() => toggle.mutate(menu)}
                disabled={toggle.isPending && toggle.variables?.id === menu.id}
                className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
              >
                {toggle.isPending && toggle.variables?.id === menu.id ? <Spinner className="size-3" /> : null}
                {menu.active ? t('menus.deactivate') : t('menus.activate')}
                <span className="sr-only"> {menu.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        onClick={() => setEditing({ menu: null })}
        className="mt-4 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
      >
        {t('menus.add')}
      </button>
      <MenuFormDialog
        open={editing !== null}
        menu={editedMenu}
        currency={currency}
        onClose={() => setEditing(null)}
        save={saveMenu}
        onSaved={onMenuSaved}
      />
    </div>
  );
}
