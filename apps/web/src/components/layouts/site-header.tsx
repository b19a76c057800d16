import { lazy, Suspense, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';
import { LanguagePicker } from './language-picker.tsx';
import { Logo } from './logo.tsx';
import { useLayoutSlots } from './layout-slots.tsx';
import { navigationFor, PHONE_MENU_BUTTON_ID } from './site-links.ts';
import { lazyNearViewport } from '../../lib/lazy-near-viewport.ts';
import { UntilHydrated } from '../until-hydrated.tsx';

// Signed-in only, and built on Headless UI's menu: public pages (most first visits) do not load it.
const ProfileMenu = lazy(async () => ({ default: (await import('./profile-menu.tsx')).ProfileMenu }));
// Phones only (hidden from lg up): a served page hydrates the button when it shows, so a wide screen never loads it.
const PhoneMenuButton = lazyNearViewport(PHONE_MENU_BUTTON_ID, async () => (await import('./phone-menu.tsx')).PhoneMenuButton);

/** One element for every render, so the served button stays until its code is here (site-layout.tsx's footer). */
const phoneMenuButton = (
  <Suspense>
    <UntilHydrated>
      <PhoneMenuButton />
    </UntilHydrated>
  </Suspense>
);

/** Site header: logo, main links, language picker, then the profile menu or the Sign in / Sign up links. */
export function SiteHeader({ leading, logoOnSmallScreensOnly = false }: { leading?: ReactNode; logoOnSmallScreensOnly?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const { HeaderNavigationExtras, HeaderActions } = useLayoutSlots();
  const links = navigationFor(session);

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        {leading ?? phoneMenuButton}
        <div className={logoOnSmallScreensOnly ? 'lg:hidden' : undefined}>
          <Logo />
        </div>
        <nav aria-label={t('header.mainNavigation')} className="hidden min-w-0 items-center gap-1 lg:flex">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                `rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${isActive ? 'text-brand-800' : 'text-slate-600 hover:text-slate-900'}`
              }
            >
              {t(link.labelKey)}
            </NavLink>
          ))}
          {session.status === 'signed-in' ? <HeaderNavigationExtras user={session.user} /> : null}
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          <LanguagePicker />
          {session.status === 'signed-in' ? (
            <>
              <HeaderActions user={session.user} />
              <Suspense fallback={<span className="size-9" aria-hidden="true" />}>
                <ProfileMenu user={session.user} />
              </Suspense>
            </>
          ) : null}
          {session.status === 'signed-out' ? (
            <>
              <Link to="/sign-in" className="rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:text-slate-900 sm:px-3">
                {t('header.signIn')}
              </Link>
              <Link to="/sign-up" className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand-800">
                {t('header.signUp')}
              </Link>
            </>
          ) : null}
        </div>
      </div>
    </header>
  );
}
