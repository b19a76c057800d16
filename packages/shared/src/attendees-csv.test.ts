import { describe, expect, it } from 'vitest';
import { attendeesCsv } from './attendees-csv.ts';

describe('attendees CSV', () => {
  it('quotes every cell and neutralises a leading formula character', () => {
    const csv = attendeesCsv(
      [
        { ticket_id: '1', attendee_name: '=HYPERLINK("x")', code: 'GT-AAAA', buyer_email: 'a@b.co', checked_in_at: '2026-01-01T10:00:00.000Z', checked_in_by: 'Marco Rossi' },
        { ticket_id: '2', attendee_name: 'Bao "B" Tran', code: 'GT-BBBB', buyer_email: 'c@d.co', checked_in_at: null, checked_in_by: null },
      ],
      ['Attendee', 'Ticket code', 'Buyer email', 'Checked in at', 'Checked in by'],
    );
    expect(csv.split('\r\n')).toEqual([
      '"Attendee","Ticket code","Buyer email","Checked in at","Checked in by"',
      `"'=HYPERLINK(""x"")","GT-AAAA","a@b.co","2026-01-01T10:00:00.000Z","Marco Rossi"`,
      '"Bao ""B"" Tran","GT-BBBB","c@d.co","",""',
      '',
    ]);
  });
});
