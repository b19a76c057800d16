/**
 * The paths of the screens a first visit seldom lands on. route-screens.tsx knows them from the start, so that the set
 * of available screens is complete; their declarations live in secondary-route-screens.tsx, a chunk of its own, so the
 * entry every public page loads does not carry them (docs/decisions/0052-public-pages-javascript-budget.md).
 * Both files import this list, and neither imports the other for it.
 */
export const SECONDARY_SCREEN_PATHS = [
  '/sign-in',
  '/share/:id/payment',
  '/tickets/:id',
  '/sign-up',
  '/signing-in',
  '/account',
  '/register-as-a-restaurant',
  '/management-access',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/undo-email-change',
  '/sub-manager/add',
  '/cause/:id/edit',
  '/cause-profile',
  '/add-cause',
  '/profile',
  '/restaurant-profile',
  '/guests/:id/restaurant-profile',
  '/guest-preferences',
  '/guests/:id/guest-preferences',
  '/unsubscribe',
  '/add-event',
  '/bookings/:id/edit',
  '/bookings/:id/change-time',
  '/bookings/:id/suggest-a-time',
  '/bookings/:id/guest-preferences',
  '/bookings',
  '/bookings/:id',
  '/restaurants/:id/bookings',
  '/bookings/:id/payment',
  '/intermediary/:id',
  '/payment-management',
  '/bookings/payments',
  '/payments',
  '/payments/:id/receipt',
  '/notifications',
] as const;
export type SecondaryScreenPath = (typeof SECONDARY_SCREEN_PATHS)[number];
