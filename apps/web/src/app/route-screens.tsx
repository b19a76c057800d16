import type { ReactElement } from 'react';
import { AccountPage } from '../features/account/account-page.tsx';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { SignUpPage } from '../features/auth/sign-up-page.tsx';
import { SigningInPage } from '../features/auth/signing-in-page.tsx';
import { NotFoundPage } from '../features/errors/not-found-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';

/**
 * The screen of each route of the shared route-access table, keyed by the table's path. A table route without an
 * entry is still guarded and shows the 404 page; a later feature plugs its screen in by adding an entry here.
 */
export const routeScreens: Readonly<Record<string, ReactElement>> = {
  '/': <HomePage />,
  '/404': <NotFoundPage />,
  '/sign-in': <SignInPage />,
  '/sign-up': <SignUpPage />,
  '/signing-in': <SigningInPage />,
  '/account': <AccountPage />,
};
