import type { BookingRefusalCode } from './booking-state-machine.ts';

/**
 * The kinds of failure domain code reports. Each stands for one HTTP status, given in one place (the API's error
 * handler, apps/api/src/plugins/errors.ts), so services and repositories name what went wrong and never a status.
 */
export const DOMAIN_ERROR_KINDS = [
  /** The input breaks a rule (a field, a combination of fields). */
  'invalid',
  /** The call needs a signed-in user. */
  'unauthenticated',
  /** The signed-in user may not do this. */
  'forbidden',
  /** No such thing, or none the viewer may see. */
  'notFound',
  /** Not possible in the current state (changed meanwhile, already done, taken). */
  'conflict',
  /** An upload over its size limit. */
  'tooLarge',
  /** An upload of a kind that is not accepted. */
  'unsupportedType',
  /** Too many attempts in a window. */
  'rateLimited',
  /** The payment provider refused or does not know the request. */
  'providerRefused',
  /** The payment provider did not answer or is busy. */
  'providerUnavailable',
] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/**
 * The `code` of every error the API answers with (the web translates it: `errors.<code>`). A new failure adds its code
 * here, so a client can be written against the whole list.
 */
export type DomainErrorCode =
  | `bookings.${Exclude<BookingRefusalCode, 'invalidInput'>}`
  | 'auth.emailTaken'
  | 'auth.forbidden'
  | 'auth.googleDisabled'
  | 'auth.googleEmailNotVerified'
  | 'auth.googleRace'
  | 'auth.invalidCredentials'
  | 'auth.invalidGoogleCredential'
  | 'auth.invalidToken'
  | 'auth.tooManyAttempts'
  | 'auth.unauthorized'
  | 'auth.undoEmailTaken'
  | 'blog.notFound'
  | 'bookings.cannotBook'
  | 'bookings.chargeChanged'
  | 'bookings.guestPreferencesClosed'
  | 'bookings.notFound'
  | 'bookings.notRebookable'
  | 'bookings.readOnly'
  | 'bookings.stale'
  | 'causes.causeRoleRequired'
  | 'causes.notFound'
  | 'causes.notOwner'
  | 'causes.slugTaken'
  | 'common.notFound'
  | 'contact.rejected'
  | 'donations.eventClosed'
  | 'donations.eventOfAnotherCause'
  | 'donations.notCauseOwner'
  | 'donations.notFound'
  | 'events.notFound'
  | 'managers.memberNotFound'
  | 'managers.notTeamOwner'
  | 'managers.notYourTeam'
  | 'managers.requestNotFound'
  | 'managers.restaurantEmailTaken'
  | 'managers.restaurantNotLinked'
  | 'notifications.notFound'
  | 'payments.actionRequired'
  | 'payments.amountTooLarge'
  | 'payments.badWebhookSignature'
  | 'payments.bankTransferNotConfirmed'
  | 'payments.countryNotSupported'
  | 'payments.debitProcessing'
  | 'payments.idempotencyKeyInFlight'
  | 'payments.idempotencyKeyReused'
  | 'payments.methodUnavailable'
  | 'payments.noBooking'
  | 'payments.noConnectedAccount'
  | 'payments.noReceipt'
  | 'payments.noSettlement'
  | 'payments.notAwaitingPayment'
  | 'payments.notBankTransfer'
  | 'payments.notFound'
  | 'payments.notPayee'
  | 'payments.notPayer'
  | 'payments.notRestaurant'
  | 'payments.onboardingAtProvider'
  | 'payments.onboardingLocal'
  | 'payments.providerBusy'
  | 'payments.providerPaymentNotFound'
  | 'payments.providerRejected'
  | 'payments.providerUnavailable'
  | 'payments.stripeNotConfigured'
  | 'payments.webhookTimestampOutsideTolerance'
  | 'payments.wrongMethod'
  | 'restaurants.countryFirst'
  | 'restaurants.currencyLockedByMenus'
  | 'restaurants.incompleteProfile'
  | 'restaurants.lastActiveMenu'
  | 'restaurants.menuNotFound'
  | 'restaurants.notFound'
  | 'restaurants.notManaged'
  | 'restaurants.photoNotFound'
  | 'restaurants.slugTaken'
  | 'restaurants.tooManyPhotos'
  | 'subscriptions.unknownLink'
  | 'tickets.alreadyCheckedIn'
  | 'tickets.checkInClosed'
  | 'tickets.checkInNotOpen'
  | 'tickets.checkInOver'
  | 'tickets.checkoutClosed'
  | 'tickets.checkoutNotFound'
  | 'tickets.holdExpired'
  | 'tickets.notEnoughLeft'
  | 'tickets.notRestaurant'
  | 'tickets.nothingToPay'
  | 'tickets.salesClosed'
  | 'tickets.unknownCode'
  | 'uploads.malformed'
  | 'uploads.missingFile'
  | 'uploads.notMultipart'
  | 'uploads.tooLarge'
  | 'uploads.tooManyPixels'
  | 'uploads.unsupportedType'
  | 'users.currentPasswordRequired'
  | 'users.currentPasswordWrong'
  | 'users.emailTaken'
  | 'users.lastSignInMethod'
  | 'users.notFound'
  | 'users.recentSignInRequired'
  | 'users.wrongPassword'
  | 'validation.failed';
