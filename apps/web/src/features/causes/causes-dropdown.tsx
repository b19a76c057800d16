import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { useCausesErrorToast } from './causes-error-toast.ts';
import { useMyCauses } from './use-my-causes.ts';

const itemClassName = 'flex w-full items-center gap-3 px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-brand-50 data-focus:text-brand-900';

/** Header causes dropdown (docs/product.md, Screens and routes): the cause user's causes (10, newest first) and "Add a cause". */
export function CausesDropdown() {
  const { t } = useTranslation('causes');
  const { data, isPending, error, isCauseUser } = useMyCauses();
  useCausesErrorToast(error);
  if (!isCauseUser) return null;

  return (
    <Menu as="div" className="relative">
      <MenuButton className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900">
        {t('dropdown.button')}
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
          <path d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" />
        </svg>
      </MenuButton>
      <MenuItems anchor="bottom start" className="z-50 w-72 rounded-md border border-slate-200 bg-white py-1 shadow-lg [--anchor-gap:6px] focus:outline-none">
        {isPending ? <p className="px-4 py-2 text-sm text-slate-500">{t('dropdown.loading')}</p> : null}
        {data && data.length === 0 ? <p className="px-4 py-2 text-sm text-slate-500">{t('dropdown.empty')}</p> : null}
        {data?.map((cause) => (
          <MenuItem key={cause.id}>
            <Link to={`/cause-profile?causeId=${cause.id}`} className={itemClassName}>
              {cause.logo ? (
                <img src={cause.logo} alt="" className="size-7 rounded-md object-cover" />
              ) : (
                <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-md bg-brand-100 text-xs font-semibold text-brand-800">
                  {cause.name.charAt(0).toUpperCase()}
                </span>
              )}
              <span className="min-w-0 flex-1 truncate">{cause.name}</span>
              {!cause.published ? <span className="text-xs text-slate-500">{t('dropdown.draft')}</span> : null}
            </Link>
          </MenuItem>
        ))}
        <MenuSeparator className="my-1 h-px bg-slate-100" />
        <MenuItem>
          <Link to="/add-cause" className={`${itemClassName} font-medium text-brand-800`}>
            {t('dropdown.addCause')}
          </Link>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
