/** Booking statuses and the UI groupings built on them (docs/product.md, Booking lifecycle). */
export const BOOKING_STATUSES = ['DRAFT', 'PENDING', 'ACCEPTED', 'CONFIRMED', 'COMPLETED', 'CANCELED', 'INCOMPLETE'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Filter values of the bookings list (docs/product.md, Screens and routes). */
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

/** One status, with or without a suggestion: what a list query's WHERE clause ORs together. */
export interface BookingStatusClause {
  status: BookingStatus;
  suggestion: 'any' | 'present' | 'absent';
}

/** The groupings as query clauses (the same rules as `bookingGroup`). */
export const BOOKING_GROUP_CLAUSES: Readonly<Record<BookingGroup, readonly BookingStatusClause[]>> = {
  IN_PROGRESS: [
    { status: 'PENDING', suggestion: 'any' },
    { status: 'ACCEPTED', suggestion: 'any' },
    { status: 'CANCELED', suggestion: 'present' },
  ],
  CONFIRMED: [{ status: 'CONFIRMED', suggestion: 'any' }],
  COMPLETED: [{ status: 'COMPLETED', suggestion: 'any' }],
  CANCELLED: [
    { status: 'CANCELED', suggestion: 'absent' },
    { status: 'INCOMPLETE', suggestion: 'any' },
  ],
  DRAFTS: [{ status: 'DRAFT', suggestion: 'any' }],
};

/** The groups each `GET users/{id}/bookings?status=` filter shows (ALL: every booking). */
export const BOOKING_LIST_FILTER_GROUPS: Readonly<Record<BookingListFilter, readonly BookingGroup[]>> = {
  ALL: BOOKING_GROUPS,
  CONFIRMED: ['CONFIRMED'],
  IN_PROGRESS: ['IN_PROGRESS'],
  COMPLETED: ['COMPLETED'],
  CANCELED: ['CANCELLED'],
  DRAFT: ['DRAFTS'],
};

/** The clauses a bookings list filter ORs together. */
export function bookingListFilterClauses(filter: BookingListFilter): BookingStatusClause[] {
  return BOOKING_LIST_FILTER_GROUPS[filter].flatMap((group) => BOOKING_GROUP_CLAUSES[group]);
}

export const PAYMENT_TYPES = [
  'CREDIT_CARD_DEPOSIT',
  'CREDIT_CARD_TOTAL_FEE',
  'BANK_DEPOSIT',
  'BECS_DEBIT_DEPOSIT',
  'BECS_DEBIT_TOTAL_FEE',
  'BECS_DEBIT_BALANCE_FEE',
  // An attendee's tickets (and donation) bought at `/share/{id}/payment`, by card, usually as a guest.
  'CREDIT_CARD_TICKETS',
  // A donation to a cause at `/donate/{id}`, by card, signed in or as a guest.
  'CREDIT_CARD_DONATION',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
