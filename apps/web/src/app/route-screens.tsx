import type { ReactElement } from 'react';
import { AccountPage } from '../features/accounts/account-page.tsx';
import { SignInPage } from '../features/auth/sign-in-page.tsx';
import { SignUpPage } from '../features/auth/sign-up-page.tsx';
import { SigningInPage } from '../features/auth/signing-in-page.tsx';
import { NotFoundPage } from '../components/errors/not-found-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page.tsx';
import { ManagementAccessPage } from '../features/auth/management-access-page.tsx';
import { RegisterRestaurantPage } from '../features/auth/register-restaurant-page.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { SubManagerAddPage } from '../features/accounts/sub-manager-add-page.tsx';
import { VerifyEmailPage } from '../features/accounts/verify-email-page.tsx';
import { AddCausePage } from '../features/causes/add-cause-page.tsx';
import { CauseEditPage } from '../features/causes/cause-edit-page.tsx';
import { CausePage } from '../features/causes/cause-page.tsx';
import { CauseProfilePage } from '../features/causes/cause-profile-page.tsx';
import { CausesDirectoryPage } from '../features/causes/causes-directory-page.tsx';
import { GuestPreferencesPage } from '../features/restaurants/guest-preferences-page.tsx';
import { RestaurantPage } from '../features/restaurants/restaurant-page.tsx';
import { RestaurantProfilePage } from '../features/restaurants/restaurant-profile-page.tsx';
import { RestaurantsDirectoryPage } from '../features/restaurants/restaurants-directory-page.tsx';

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
  '/register-as-a-restaurant': <RegisterRestaurantPage />,
  '/management-access': <ManagementAccessPage />,
  '/verify-email': <VerifyEmailPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/reset-password': <ResetPasswordPage />,
  '/sub-manager/add': <SubManagerAddPage />,
  '/causes': <CausesDirectoryPage />,
  '/cause/:id': <CausePage />,
  '/cause/:id/edit': <CauseEditPage />,
  '/cause-profile': <CauseProfilePage />,
  '/add-cause': <AddCausePage />,
  '/restaurants': <RestaurantsDirectoryPage />,
  '/:id': <RestaurantPage />,
  '/profile': <RestaurantProfilePage />,
  '/restaurant-profile': <RestaurantProfilePage />,
  '/guests/:id/restaurant-profile': <RestaurantProfilePage />,
  '/guest-preferences': <GuestPreferencesPage />,
  '/guests/:id/guest-preferences': <GuestPreferencesPage />,
};
