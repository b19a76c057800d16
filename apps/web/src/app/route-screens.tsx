import { lazy, type ComponentType, type ReactElement } from 'react';

/** A route screen in its own chunk, loaded on first visit of its route (keeps the entry chunk within budget). */
function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** The 404 page of unknown addresses and of table routes without a screen yet. */
export const NotFoundPage = lazyScreen(() => import('../components/errors/not-found-page.tsx'), 'NotFoundPage');
const AccountPage = lazyScreen(() => import('../features/accounts/account-page.tsx'), 'AccountPage');
const SignInPage = lazyScreen(() => import('../features/auth/sign-in-page.tsx'), 'SignInPage');
const SignUpPage = lazyScreen(() => import('../features/auth/sign-up-page.tsx'), 'SignUpPage');
const SigningInPage = lazyScreen(() => import('../features/auth/signing-in-page.tsx'), 'SigningInPage');
const HomePage = lazyScreen(() => import('../features/home/home-page.tsx'), 'HomePage');
const ForgotPasswordPage = lazyScreen(() => import('../features/auth/forgot-password-page.tsx'), 'ForgotPasswordPage');
const ManagementAccessPage = lazyScreen(() => import('../features/auth/management-access-page.tsx'), 'ManagementAccessPage');
const RegisterRestaurantPage = lazyScreen(() => import('../features/auth/register-restaurant-page.tsx'), 'RegisterRestaurantPage');
const ResetPasswordPage = lazyScreen(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage');
const SubManagerAddPage = lazyScreen(() => import('../features/accounts/sub-manager-add-page.tsx'), 'SubManagerAddPage');
const UndoEmailChangePage = lazyScreen(() => import('../features/accounts/undo-email-change-page.tsx'), 'UndoEmailChangePage');
const VerifyEmailPage = lazyScreen(() => import('../features/accounts/verify-email-page.tsx'), 'VerifyEmailPage');
const AddCausePage = lazyScreen(() => import('../features/causes/add-cause-page.tsx'), 'AddCausePage');
const CauseEditPage = lazyScreen(() => import('../features/causes/cause-edit-page.tsx'), 'CauseEditPage');
const CausePage = lazyScreen(() => import('../features/causes/cause-page.tsx'), 'CausePage');
const CauseProfilePage = lazyScreen(() => import('../features/causes/cause-profile-page.tsx'), 'CauseProfilePage');
const CausesDirectoryPage = lazyScreen(() => import('../features/causes/causes-directory-page.tsx'), 'CausesDirectoryPage');
const GuestPreferencesPage = lazyScreen(() => import('../features/restaurants/guest-preferences-page.tsx'), 'GuestPreferencesPage');
const RestaurantPage = lazyScreen(() => import('../features/restaurants/restaurant-page.tsx'), 'RestaurantPage');
const RestaurantProfilePage = lazyScreen(() => import('../features/restaurants/restaurant-profile-page.tsx'), 'RestaurantProfilePage');
const RestaurantsDirectoryPage = lazyScreen(() => import('../features/restaurants/restaurants-directory-page.tsx'), 'RestaurantsDirectoryPage');

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
  '/undo-email-change': <UndoEmailChangePage />,
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
