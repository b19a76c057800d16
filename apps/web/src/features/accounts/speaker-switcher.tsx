import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu, MenuButton, MenuItem, MenuItems, MenuSection, MenuHeading, MenuSeparator } from '@headlessui/react';
import type { Me } from '@goodtable/shared';
import { useErrorToast } from '../../components/toast/use-error-toast.ts';
import { useSpeaker } from '../../lib/speaker.ts';

const itemClassName = 'block w-full px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-brand-50 data-focus:text-brand-900';

/**
 * Speaker switcher (docs/product.md, Screens and routes): a manager switches between its own view and each restaurant's view; the choice
 * is remembered across reloads. Acting for a restaurant opens its `/guests/{id}/…` screens, or, from a bookings list,
 * that restaurant's bookings.
 */
export function SpeakerSwitcher({ user }: { user: Me }) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  // On a bookings list the switcher changes whose bookings show; elsewhere it opens the restaurant's profile.
  const onBookings = /^\/(bookings|restaurants\/[^/]+\/bookings)$/.test(useLocation().pathname);
  const { restaurants, query, selected, select } = useSpeaker(user);
  const showErrorToast = useErrorToast();
  const failed = query.isError;
  const error = query.error;

  useEffect(() => {
    if (failed) showErrorToast(error, t('speaker.error'));
  }, [failed, error, showErrorToast, t]);

  if (user.role !== 'manager') return null;
  const label = selected ? (selected.name ?? selected.email) : t('speaker.ownView');

  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex max-w-32 items-center sm:max-w-48 gap-1 rounded-md border border-slate-200 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
        <span className="sr-only">{t('speaker.label')}: </span>
        <span className="truncate">{label}</span>
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0 text-slate-500" aria-hidden="true">
          <path d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" />
        </svg>
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-50 max-h-80 w-64 overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg [--anchor-gap:6px] focus:outline-none">
        <MenuItem>
          <button
            type="button"
            className={itemClassName}
            onClick={() => {
              select(null);
              void navigate('/bookings');
            }}
          >
            {t('speaker.ownView')}
          </button>
        </MenuItem>
        {restaurants.length > 0 ? (
          <>
            <MenuSeparator className="my-1 h-px bg-slate-100" />
            <MenuSection>
              <MenuHeading className="px-4 py-1 text-xs font-semibold text-slate-500 uppercase">{t('speaker.restaurants')}</MenuHeading>
              {restaurants.map((restaurant) => (
                <MenuItem key={restaurant.id}>
                  <button
                    type="button"
                    className={itemClassName}
                    aria-current={selected?.id === restaurant.id ? 'true' : undefined}
                    onClick={() => {
                      select(restaurant.id);
                      void navigate(onBookings ? `/restaurants/${restaurant.id}/bookings` : `/guests/${restaurant.id}/restaurant-profile`);
                    }}
                  >
                    {restaurant.name ?? restaurant.email}
                  </button>
                </MenuItem>
              ))}
            </MenuSection>
          </>
        ) : null}
      </MenuItems>
    </Menu>
  );
}
