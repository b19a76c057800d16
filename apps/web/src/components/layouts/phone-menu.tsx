import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';
import { navigationFor, PHONE_MENU_BUTTON_ID } from './site-links.ts';

/**
 * The public pages' menu below the `lg` breakpoint (the header's links are hidden there): the main pages, and
 * sign-in / sign-up for visitors. Escape closes it and focus returns to the button (`onDismiss`); following a link
 * closes it too (`onNavigate`), and focus stays with the new page.
 */
function PhoneMenu({ id, onDismiss, onNavigate }: { id: string; onDismiss: () => void; onNavigate: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const panel = useRef<HTMLDivElement>(null);
  const openedAt = useRef(location.key);

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onDismiss]);
  useEffect(() => {
    if (location.key !== openedAt.current) onNavigate();
  }, [location.key, onNavigate]);

  const linkClassName = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 text-base font-medium ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`;
  return (
    <div ref={panel} id={id} className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg lg:hidden">
      <nav aria-label={t('header.phoneNavigation')} className="mx-auto max-w-7xl space-y-1 px-4 py-3 sm:px-6">
        {navigationFor(session).map((link) => (
          <NavLink key={link.to} to={link.to} className={linkClassName}>
            {t(link.labelKey)}
          </NavLink>
        ))}
        {session.status === 'signed-out' ? (
          <div className="mt-2 flex gap-2 border-t border-slate-100 pt-3">
            <Link to="/sign-in" className="flex-1 rounded-md px-3 py-2 text-center text-base font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
              {t('header.signIn')}
            </Link>
            <Link to="/sign-up" className="flex-1 rounded-md bg-brand-700 px-3 py-2 text-center text-base font-semibold text-white hover:bg-brand-800">
              {t('header.signUp')}
            </Link>
          </div>
        ) : null}
      </nav>
    </div>
  );
}

/** The menu button below `lg`, where the header's links are hidden. */
export function PhoneMenuButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const dismiss = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  const closeAfterNavigation = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        ref={button}
        id={PHONE_MENU_BUTTON_ID}
        type="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
        className="-ml-1 rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
      >
        <span className="sr-only">{t(open ? 'header.closeMenu' : 'header.openMenu')}</span>
        <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <path strokeLinecap="round" d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} />
        </svg>
      </button>
      {open ? <PhoneMenu id={id} onDismiss={dismiss} onNavigate={closeAfterNavigation} /> : null}
    </>
  );
}
