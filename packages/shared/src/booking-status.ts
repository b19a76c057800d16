/** SPEC.md §4 booking statuses and the UI groupings built on them. */
export const BOOKING_STATUSES = ['DRAFT', 'PENDING', 'ACCEPTED', 'CONFIRMED', 'COMPLETED', 'CANCELED', 'INCOMPLETE'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Filter values of the bookings list (SPEC.md §2). */
export const BOOKING_LIST_FILTERS = ['ALL', 'CONFIRMED', 'IN_PROGRESS', 'COMPLETED', 'CANCELED', 'DRAFT'] as const;
export type BookingListFilter = (typeof BOOKING_LIST_FILTERS)[number];

export const BOOKING_GROUPS = ['IN_PROGRESS', 'CONFIRMED', 'COMPLETED', 'CANCELLED', 'DRAFTS'] as const;
export type BookingGroup = (typeof BOOKING_GROUPS)[number];

export function bookingGroup(booking: { status: BookingStatus; suggestion?: unknown }): BookingGroup {
  const hasSuggestion = booking.suggestion !== null && booking.suggestion !== undefined;
  switch (booking.status) {
    case 'PENDING':
    case 'ACCEPTED':
      return 'IN_PROGRESS';
    case 'CANCELED':
      return hasSuggestion ? 'IN_PROGRESS' : 'CANCELLED';
    case 'INCOMPLETE':
      return 'CANCELLED';
    case 'CONFIRMED':
      return 'CONFIRMED';
    case 'COMPLETED':
      return 'COMPLETED';
    case 'DRAFT':
      return 'DRAFTS';
  }
}

export const PAYMENT_TYPES = [
  'CREDIT_CARD_DEPOSIT',
  'CREDIT_CARD_TOTAL_FEE',
  'BANK_DEPOSIT',
  'BECS_DEBIT_DEPOSIT',
  'BECS_DEBIT_TOTAL_FEE',
  'BECS_DEBIT_BALANCE_FEE',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
