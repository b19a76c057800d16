/**
 * The email a booking change sends to one recipient: pure, so the bookings service (and the
 * deadline jobs) call it inside the transaction that applies the change and enqueue what it returns.
 *
 * ```ts
 * for (const side of bookingEmailSides(event)) {
 *   for (const user of recipientsOn(side)) {            // the caller's: the client, or the restaurant's seller
 *     const email = bookingChangeEmail({
 *       booking,                                          // BookingEmailBooking, after the change
 *       event,                                            // BookingEventRecord from applyTransition
 *       revision,                                         // count of the booking's booking_events rows, this one included
 *       recipient: { email: user.email, first_name: user.firstName, language: user.language, side },
 *       publicUrl: publicUrl(app.config),
 *       mailFrom: app.config.MAIL_FROM,
 *       now: clock.now(),
 *       rules,                                            // the deployment's BookingRules
 *     });
 *     if (email) await app.mailer.enqueue(email, tx);
 *   }
 * }
 * ```
 *
 * Who is told: the other party of a person's action (the client's actions go to the restaurant side, the
 * restaurant's to the client, a hosting manager's to the restaurant); both sides for the payment provider's and the
 * system's changes. Returns null for a change with nothing to say to that side (a draft saved, a deletion).
 *
 * Calendar: an invitation (`invite.ics`, METHOD:REQUEST) when the booking becomes ACCEPTED (accepted, or a suggested
 * time accepted: the invitation carries the new time) or CONFIRMED (the same event updated: same UID, higher
 * SEQUENCE); a cancellation (`cancel.ics`, METHOD:CANCEL) when an ACCEPTED or CONFIRMED booking is cancelled. No row
 * of the state machine moves an ACCEPTED or CONFIRMED booking to another time; one that does should return to
 * `invitationMethod`. Dates are written in the restaurant's time zone and the recipient's language.
 */
import { DEFAULT_BOOKING_RULES, eventEndsAt, type BookingEventRecord, type BookingRules, type BookingStatus, type Locale } from '@goodtable/shared';
import type { OutgoingEmail } from '../../email/mailer.ts';
import {
  bookingInvitationDescription,
  formatEmailDateTime,
  renderBookingEmail,
  type BookingEmailKind,
  type BookingEmailParams,
} from '../../email/booking-templates.ts';
import { bookingInvitation, CALENDAR_CONTENT_TYPE, parseMailbox, type CalendarMethod } from './booking-calendar.ts';

/** What the emails read of a booking: the API's `Booking` fields plus the restaurant's address. */
export interface BookingEmailBooking {
  id: string;
  status: BookingStatus;
  title: string | null;
  /** The event's start (ISO), after the change. */
  date: string | null;
  suggestion: { date: string } | null;
  guests: number | null;
  response_due_at: string | null;
  deposit_due_at: string | null;
  restaurant: { name: string | null; address: string | null; city: string | null; timezone: string | null } | null;
  client: { first_name: string; last_name: string };
}

/** The side of the booking an email goes to: its organiser (`client`, also a hosting manager) or the restaurant. */
export type BookingEmailSide = 'client' | 'restaurant';

export interface BookingEmailRecipient {
  email: string;
  first_name: string;
  language: Locale;
  side: BookingEmailSide;
}

export interface BookingChangeEmailInput {
  booking: BookingEmailBooking;
  event: BookingEventRecord;
  /** The invitation's SEQUENCE: the number of the booking's history events, this change included. */
  revision: number;
  recipient: BookingEmailRecipient;
  /** The web app's address (`publicUrl(config)`), without a trailing slash. */
  publicUrl: string;
  /** The configured sender (`MAIL_FROM`): the invitation's organiser. */
  mailFrom: string;
  /** The business clock's now (the invitation's DTSTAMP). */
  now: Date;
  rules?: BookingRules;
}

const ORGANISER_ACTORS = ['client', 'manager-host'];

/** The email kind for a change and side, or null when that side hears nothing of it. */
function emailKind(event: BookingEventRecord, side: BookingEmailSide): BookingEmailKind | null {
  const { action, actor } = event;
  if (side === 'client') {
    if (ORGANISER_ACTORS.includes(actor)) return null;
    switch (action) {
      case 'accept':
        return 'accepted';
      case 'decline':
        return event.reason === 'NOT_AVAILABLE' ? 'declinedNotAvailable' : 'declinedNotSuitable';
      case 'suggest-time':
        return 'timeSuggested';
      case 'cancel':
        return 'cancelledByRestaurant';
      case 'deposit-paid':
        return 'confirmed';
      case 'response-timeout':
        return 'restaurantDidNotRespond';
      case 'deposit-timeout':
        return 'depositExpiredForClient';
      case 'mark-complete':
        return 'markedComplete';
      case 'auto-complete':
        return 'autoCompletedForClient';
      case 'no-tickets-sweep':
        return 'noTicketsForClient';
      default:
        return null;
    }
  }
  if (actor === 'restaurant') return null;
  const hosted = actor === 'manager-host';
  switch (action) {
    case 'submit':
      return hosted ? 'hostEventScheduled' : 'requested';
    case 'edit':
      // Saving a draft tells nobody; changing a sent request tells the restaurant that must answer it.
      return event.from === 'PENDING' ? 'requestUpdated' : null;
    case 'change-time':
      return 'timeChangeRequested';
    case 'accept-suggestion':
      return 'suggestionAccepted';
    case 'decline-suggestion':
      return 'suggestionDeclined';
    case 'cancel':
      return hosted ? 'hostEventCancelled' : 'cancelledByClient';
    case 'deposit-paid':
      return 'depositReceived';
    case 'response-timeout':
      return 'requestExpired';
    case 'deposit-timeout':
      return 'depositExpiredForRestaurant';
    case 'confirm-complete':
      return hosted ? null : 'completionConfirmed';
    case 'mark-unsatisfactory':
      return 'markedUnsatisfactory';
    case 'auto-complete':
      return 'autoCompletedForRestaurant';
    case 'no-tickets-sweep':
      return 'noTicketsForRestaurant';
    default:
      return null;
  }
}

/** The sides to email about `event` (the caller emails each user of a side but the one who acted). */
export function bookingEmailSides(event: BookingEventRecord): BookingEmailSide[] {
  return (['client', 'restaurant'] as const).filter((side) => emailKind(event, side) !== null);
}

const LIVE_STATUSES: readonly (BookingStatus | null)[] = ['ACCEPTED', 'CONFIRMED'];

/** Which calendar message goes with a change, if any: entering ACCEPTED or CONFIRMED invites, leaving them for CANCELED cancels. */
export function invitationMethod(event: BookingEventRecord): Exclude<CalendarMethod, 'PUBLISH'> | null {
  if (event.to === 'CANCELED' && LIVE_STATUSES.includes(event.from)) return 'CANCEL';
  return LIVE_STATUSES.includes(event.to) && event.from !== event.to ? 'REQUEST' : null;
}

const INVITATION_FILENAMES: Record<Exclude<CalendarMethod, 'PUBLISH'>, string> = { REQUEST: 'invite.ics', CANCEL: 'cancel.ics' };

/** An email's parameters: the booking's facts, dates in the restaurant's zone and the recipient's language. */
function emailParams(
  booking: BookingEmailBooking,
  { recipient, publicUrl, rules, invitation }: { recipient: BookingEmailRecipient; publicUrl: string; rules: BookingRules; invitation: Exclude<CalendarMethod, 'PUBLISH'> | null },
): BookingEmailParams {
  const when = (instant: string | null) => (instant ? formatEmailDateTime({ instant, timeZone: booking.restaurant?.timezone ?? 'UTC', language: recipient.language }) : '');
  return {
    firstName: recipient.first_name,
    title: booking.title ?? '',
    restaurantName: booking.restaurant?.name ?? '',
    clientName: `${booking.client.first_name} ${booking.client.last_name}`.trim(),
    guests: booking.guests ?? 0,
    date: when(booking.date),
    suggestedDate: when(booking.suggestion?.date ?? null),
    respondBy: when(booking.response_due_at),
    payBy: when(booking.deposit_due_at),
    autoCompleteDays: rules.autoCompleteDays,
    link: `${publicUrl}/bookings/${booking.id}`,
    invitation,
  };
}

/** The reminder a day before a deadline: the restaurant side's answer (`response`) or the organiser's deposit. */
export function bookingDeadlineEmail(input: { booking: BookingEmailBooking; deadline: 'response' | 'deposit'; recipient: BookingEmailRecipient; publicUrl: string; rules?: BookingRules }): OutgoingEmail {
  const { booking, recipient } = input;
  const params = emailParams(booking, { recipient, publicUrl: input.publicUrl, rules: input.rules ?? DEFAULT_BOOKING_RULES, invitation: null });
  const kind = input.deadline === 'response' ? 'responseDueSoon' : 'depositDueSoon';
  return { to: recipient.email, language: recipient.language, ...renderBookingEmail({ kind, language: recipient.language, params }) };
}

/** The email `recipient` gets about `event`, or null when that side hears nothing of it. */
export function bookingChangeEmail(input: BookingChangeEmailInput): OutgoingEmail | null {
  const { booking, event, recipient, publicUrl, rules = DEFAULT_BOOKING_RULES } = input;
  const kind = emailKind(event, recipient.side);
  if (!kind) return null;
  const language = recipient.language;
  const method = booking.date ? invitationMethod(event) : null;
  const params = emailParams(booking, { recipient, publicUrl, rules, invitation: method });
  const { title, guests, restaurantName, link } = params;
  const email: OutgoingEmail = { to: recipient.email, language, ...renderBookingEmail({ kind, language, params }) };
  if (method && booking.date) {
    const shareLink = `${publicUrl}/share/${booking.id}`;
    const address = booking.restaurant?.address ?? null;
    const city = booking.restaurant?.city ?? null;
    const location = [restaurantName, address, city && !address?.includes(city) ? city : null].filter((part): part is string => Boolean(part)).join(', ');
    const content = bookingInvitation({
      method,
      bookingId: booking.id,
      uidDomain: new URL(publicUrl).hostname,
      sequence: input.revision,
      stamp: input.now,
      start: new Date(booking.date),
      end: new Date(eventEndsAt(booking.date, rules)),
      status: booking.status === 'CONFIRMED' ? 'CONFIRMED' : 'TENTATIVE',
      summary: title,
      description: bookingInvitationDescription(language, { title, guests, link, shareLink }),
      location,
      url: shareLink,
      organizer: parseMailbox(input.mailFrom, 'GoodTable'),
      attendee: { name: recipient.first_name, email: recipient.email },
    });
    email.attachments = [{ filename: INVITATION_FILENAMES[method], contentType: `${CALENDAR_CONTENT_TYPE}; method=${method}`, content }];
  }
  return email;
}
