/**
 * A booking as an RFC 5545 calendar invitation (iTIP, RFC 5546), attached to the booking emails.
 *
 * Written here rather than with a library: the maintained generators no longer support our Node 20, and the part
 * we need is small. What calendar clients rely on:
 * - `UID` is the same for every message about one booking, so an update or a cancellation replaces the event;
 * - `SEQUENCE` is the booking's revision (the number of its history events), which grows with every change, so a
 *   newer time or a cancellation always wins over an older message;
 * - `METHOD:REQUEST` adds or updates the event, `METHOD:CANCEL` (with `STATUS:CANCELLED`) removes it;
 * - times are UTC (`…Z`), so no VTIMEZONE is needed; the text says the restaurant's zone;
 * - lines end in CRLF and are folded at 75 octets without splitting a UTF-8 character; text values are escaped.
 */

/** `PUBLISH`: the public "Add to calendar" file of the share page (no attendee: whoever downloads it). */
export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

/** Someone named in the invitation (the organiser is the platform's sender address, the attendee the recipient). */
export interface CalendarPerson {
  name: string;
  email: string;
}

export interface BookingInvitationInput {
  method: CalendarMethod;
  bookingId: string;
  /** Host part of the UID (the public site's host), so UIDs are unique beyond this deployment. */
  uidDomain: string;
  /** Grows with each change of the booking (its history length). */
  sequence: number;
  /** When this message is created (the business clock). */
  stamp: Date;
  start: Date;
  end: Date;
  /** `CONFIRMED` once the deposit is paid, `TENTATIVE` while it is due; a CANCEL is always `CANCELLED`. */
  status: 'CONFIRMED' | 'TENTATIVE';
  summary: string;
  description: string;
  location: string;
  url: string;
  organizer: CalendarPerson;
  /** The recipient of an invitation; none in a published file. */
  attendee?: CalendarPerson;
}

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** RFC 5545 §3.3.5 UTC date-time: `20260710T090000Z`. */
export function calendarDateTime(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll('-', '').replaceAll(':', '');
}

/** RFC 5545 §3.3.11 TEXT: backslash, semicolon, comma and line breaks escaped. */
export function escapeCalendarText(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll(';', '\\;').replaceAll(',', '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** A quoted parameter value (RFC 5545 §3.2): double quotes cannot be escaped, so they are dropped, as are control characters. */
function quotedParameter(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, '')}"`;
}

const MAX_LINE_OCTETS = 75;

/** RFC 5545 §3.1: lines longer than 75 octets continue on lines starting with a space; a character is never split. */
export function foldCalendarLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let currentOctets = 0;
  for (const char of line) {
    const octets = Buffer.byteLength(char, 'utf8');
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (currentOctets + octets > limit) {
      pieces.push(current);
      current = '';
      currentOctets = 0;
    }
    current += char;
    currentOctets += octets;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

function mailto(person: CalendarPerson): string {
  return `mailto:${person.email}`;
}

/** The invitation as an `.ics` text (CRLF line endings). */
export function bookingInvitation(input: BookingInvitationInput): string {
  const cancelled = input.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//GoodTable//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${input.method}`,
    'BEGIN:VEVENT',
    `UID:booking-${input.bookingId}@${input.uidDomain}`,
    `SEQUENCE:${input.sequence}`,
    `DTSTAMP:${calendarDateTime(input.stamp)}`,
    `DTSTART:${calendarDateTime(input.start)}`,
    `DTEND:${calendarDateTime(input.end)}`,
    `SUMMARY:${escapeCalendarText(input.summary)}`,
    `DESCRIPTION:${escapeCalendarText(input.description)}`,
    `LOCATION:${escapeCalendarText(input.location)}`,
    `URL:${input.url}`,
    `STATUS:${cancelled ? 'CANCELLED' : input.status}`,
    `ORGANIZER;CN=${quotedParameter(input.organizer.name)}:${mailto(input.organizer)}`,
    // The attendee asked for this event (ACCEPTED); replies are not read (a no-reply sender), so no RSVP is asked for.
    ...(input.attendee
      ? [`ATTENDEE;CN=${quotedParameter(input.attendee.name)};ROLE=REQ-PARTICIPANT${cancelled ? '' : ';PARTSTAT=ACCEPTED'};RSVP=FALSE:${mailto(input.attendee)}`]
      : []),
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldCalendarLine).join('\r\n') + '\r\n';
}

/** Splits a mail address as configured (`GoodTable <hello@goodtable.test>` or a bare address) into name and address. */
export function parseMailbox(value: string, fallbackName: string): CalendarPerson {
  const match = value.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/);
  if (match) return { name: match[1]!.trim() || fallbackName, email: match[2]!.trim() };
  return { name: fallbackName, email: value.trim() };
}
