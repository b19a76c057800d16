import { describe, expect, it } from 'vitest';
import { parseInvitation } from '../../../test/support/calendar.ts';
import { bookingInvitation, foldCalendarLine, parseMailbox, type BookingInvitationInput } from './booking-calendar.ts';

const BOOKING_ID = '3f0c7d7e-9a51-4a4b-8d35-0f5c0e6b2a11';

const request: BookingInvitationInput = {
  method: 'REQUEST',
  bookingId: BOOKING_ID,
  uidDomain: 'goodtable.test',
  sequence: 3,
  stamp: new Date('2026-06-01T02:03:04.567Z'),
  start: new Date('2026-07-10T09:00:00.000Z'),
  end: new Date('2026-07-10T12:00:00.000Z'),
  status: 'TENTATIVE',
  summary: 'Dinner; for the river, and its people\\friends',
  description: 'Line one\nLine two, with a comma; and a semicolon',
  location: 'Trattoria Rossi, 12 Lygon Street, Carlton VIC 3053',
  url: `https://goodtable.test/share/${BOOKING_ID}`,
  organizer: { name: 'GoodTable', email: 'hello@goodtable.test' },
  attendee: { name: 'Olivia', email: 'client@example.com' },
};

describe('booking calendar invitation', () => {
  it('is an iTIP REQUEST a calendar client reads back field by field', () => {
    const ics = bookingInvitation(request);
    const parsed = parseInvitation(ics);
    expect(parsed).toMatchObject({
      method: 'REQUEST',
      uid: `booking-${BOOKING_ID}@goodtable.test`,
      sequence: 3,
      summary: request.summary,
      description: request.description,
      location: request.location,
      url: request.url,
      status: 'TENTATIVE',
      organizer: 'mailto:hello@goodtable.test',
      attendee: 'mailto:client@example.com',
    });
    expect(parsed.start.toISOString()).toBe('2026-07-10T09:00:00.000Z');
    expect(parsed.end.toISOString()).toBe('2026-07-10T12:00:00.000Z');
    expect(parsed.stamp.toISOString()).toBe('2026-06-01T02:03:04.000Z');
    // Times in UTC, so no VTIMEZONE is needed.
    expect(parsed.lines).toContain('DTSTART:20260710T090000Z');
    expect(ics).not.toContain('VTIMEZONE');
    expect(parsed.lines).toContain('ATTENDEE;CN="Olivia";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:client@example.com');
  });

  it('uses CRLF line endings throughout', () => {
    const ics = bookingInvitation(request);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('keeps the UID across messages and cancels with STATUS:CANCELLED and a higher SEQUENCE', () => {
    const first = parseInvitation(bookingInvitation(request));
    const cancel = parseInvitation(bookingInvitation({ ...request, method: 'CANCEL', sequence: 4, status: 'CONFIRMED' }));
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.status).toBe('CANCELLED');
    expect(cancel.uid).toBe(first.uid);
    expect(cancel.sequence).toBeGreaterThan(first.sequence);
    expect(cancel.lines.find((line) => line.startsWith('ATTENDEE'))).not.toContain('PARTSTAT');
  });

  it('folds long lines at 75 octets without splitting a Vietnamese character, and unfolds to the same text', () => {
    const summary = 'Bữa tối gây quỹ cho trẻ em vùng cao: cùng nhau xây trường học mới ở Hà Giang, Lào Cai và Điện Biên';
    const ics = bookingInvitation({ ...request, summary, organizer: { name: 'Quỹ "Bếp Yêu Thương"', email: 'hello@goodtable.test' } });
    for (const line of ics.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    const parsed = parseInvitation(ics);
    expect(parsed.summary).toBe(summary);
    // A double quote cannot appear inside a quoted parameter: it is dropped.
    expect(parsed.lines.find((line) => line.startsWith('ORGANIZER'))).toBe('ORGANIZER;CN="Quỹ Bếp Yêu Thương":mailto:hello@goodtable.test');
  });

  it('folds a line of multi-byte characters on character boundaries', () => {
    const line = `SUMMARY:${'Đ'.repeat(60)}`;
    const pieces = foldCalendarLine(line).split('\r\n');
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.slice(1).every((piece) => piece.startsWith(' '))).toBe(true);
    expect(pieces.map((piece, index) => (index === 0 ? piece : piece.slice(1))).join('')).toBe(line);
  });

  it('reads the organiser from the configured sender', () => {
    expect(parseMailbox('GoodTable <hello@goodtable.test>', 'x')).toEqual({ name: 'GoodTable', email: 'hello@goodtable.test' });
    expect(parseMailbox('"Good Table" <hi@goodtable.test>', 'x')).toEqual({ name: 'Good Table', email: 'hi@goodtable.test' });
    expect(parseMailbox('no-reply@goodtable.test', 'GoodTable')).toEqual({ name: 'GoodTable', email: 'no-reply@goodtable.test' });
  });
});
