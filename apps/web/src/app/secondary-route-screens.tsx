import { lazy, type ComponentType, type ReactElement } from 'react';
import type { SecondaryScreenPath } from './secondary-screen-paths.ts';

/** A screen in its own chunk, loaded on first visit of its route. */
function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const AccountPage = lazyScreen(() => import('../features/accounts/account-page.tsx'), 'AccountPage');
const SignInPage = lazyScreen(() => import('../features/auth/sign-in-page.tsx'), 'SignInPage');
const SignUpPage = lazyScreen(() => import('../features/auth/sign-up-page.tsx'), 'SignUpPage');
const SigningInPage = lazyScreen(() => import('../features/auth/signing-in-page.tsx'), 'SigningInPage');
const ForgotPasswordPage = lazyScreen(() => import('../features/auth/forgot-password-page.tsx'), 'ForgotPasswordPage');
const ManagementAccessPage = lazyScreen(() => import('../features/auth/management-access-page.tsx'), 'ManagementAccessPage');
const RegisterRestaurantPage = lazyScreen(() => import('../features/auth/register-restaurant-page.tsx'), 'RegisterRestaurantPage');
const ResetPasswordPage = lazyScreen(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage');
const SubManagerAddPage = lazyScreen(() => import('../features/accounts/sub-manager-add-page.tsx'), 'SubManagerAddPage');
const UndoEmailChangePage = lazyScreen(() => import('../features/accounts/undo-email-change-page.tsx'), 'UndoEmailChangePage');
const VerifyEmailPage = lazyScreen(() => import('../features/accounts/verify-email-page.tsx'), 'VerifyEmailPage');
const AddCausePage = lazyScreen(() => import('../features/causes/add-cause-page.tsx'), 'AddCausePage');
const CauseEditPage = lazyScreen(() => import('../features/causes/cause-edit-page.tsx'), 'CauseEditPage');
const CauseProfilePage = lazyScreen(() => import('../features/causes/cause-profile-page.tsx'), 'CauseProfilePage');
const GuestPreferencesPage = lazyScreen(() => import('../features/restaurants/guest-preferences-page.tsx'), 'GuestPreferencesPage');
const RestaurantProfilePage = lazyScreen(() => import('../features/restaurants/restaurant-profile-page.tsx'), 'RestaurantProfilePage');
/** One element for the five booking form routes (see BookingFormScreens). */
const BookingFormScreens = lazyScreen(() => import('../features/bookings/booking-form-screens.tsx'), 'BookingFormScreens');
const BookingPage = lazyScreen(() => import('../features/bookings/booking-page.tsx'), 'BookingPage');
const BookingsPage = lazyScreen(() => import('../features/bookings/bookings-page.tsx'), 'BookingsPage');
const BookingPaymentPage = lazyScreen(() => import('../features/payments/booking-payment-page.tsx'), 'BookingPaymentPage');
const IntermediaryPage = lazyScreen(() => import('../features/payments/intermediary-page.tsx'), 'IntermediaryPage');
const PaymentManagementPage = lazyScreen(() => import('../features/payouts/payment-management-page.tsx'), 'PaymentManagementPage');
const BookingsPaymentsPage = lazyScreen(() => import('../features/payments/bookings-payments-page.tsx'), 'BookingsPaymentsPage');
const PaymentsPage = lazyScreen(() => import('../features/payments/payments-page.tsx'), 'PaymentsPage');
const TicketCheckoutPage = lazyScreen(() => import('../features/payments/ticket-checkout-page.tsx'), 'TicketCheckoutPage');
const TicketsPage = lazyScreen(() => import('../features/payments/tickets-page.tsx'), 'TicketsPage');
const ReceiptPage = lazyScreen(() => import('../features/payments/receipt-page.tsx'), 'ReceiptPage');
const NotificationsPage = lazyScreen(() => import('../features/notifications/notifications-page.tsx'), 'NotificationsPage');
const UnsubscribePage = lazyScreen(() => import('../features/site/unsubscribe-page.tsx'), 'UnsubscribePage');

/**
 * The screens a first visit seldom lands on (signing in and up, the account, the profiles), keyed by their
 * route-access path. This registry is a chunk of its own, loaded with the first of them: the public pages' first
 * visit carries neither these declarations nor their chunk names (route-screens.tsx).
 */
export const secondaryScreens: Readonly<Record<SecondaryScreenPath, ReactElement>> = {
  '/sign-in': <SignInPage />,
  '/share/:id/payment': <TicketCheckoutPage />,
  '/tickets/:id': <TicketsPage />,
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
  '/cause/:id/edit': <CauseEditPage />,
  '/cause-profile': <CauseProfilePage />,
  '/add-cause': <AddCausePage />,
  '/profile': <RestaurantProfilePage />,
  '/restaurant-profile': <RestaurantProfilePage />,
  '/guests/:id/restaurant-profile': <RestaurantProfilePage />,
  '/guest-preferences': <GuestPreferencesPage />,
  '/guests/:id/guest-preferences': <GuestPreferencesPage />,
  '/unsubscribe': <UnsubscribePage />,
  '/add-event': <BookingFormScreens />,
  '/bookings/:id/edit': <BookingFormScreens />,
  '/bookings/:id/change-time': <BookingFormScreens />,
  '/bookings/:id/suggest-a-time': <BookingFormScreens />,
  '/bookings/:id/guest-preferences': <BookingFormScreens />,
  '/bookings': <BookingsPage />,
  '/bookings/:id': <BookingPage />,
  '/restaurants/:id/bookings': <BookingsPage />,
  '/bookings/:id/payment': <BookingPaymentPage />,
  '/intermediary/:id': <IntermediaryPage />,
  '/payment-management': <PaymentManagementPage />,
  '/bookings/payments': <BookingsPaymentsPage />,
  '/payments': <PaymentsPage />,
  '/payments/:id/receipt': <ReceiptPage />,
  '/notifications': <NotificationsPage />,
};
