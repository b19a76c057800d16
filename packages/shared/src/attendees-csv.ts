import type { Attendee } from './schemas/events.ts';

/** One CSV cell: quoted, and a leading formula character neutralised (CSV injection in spreadsheets). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * An event's attendee list as CSV (CRLF lines): `header` names the five columns in the reader's language (attendee,
 * ticket code, buyer email, checked in at, checked in by). The API's `attendees.csv` and the booking page's export
 * both build it here.
 */
export function attendeesCsv(rows: readonly Attendee[], header: readonly [string, string, string, string, string]): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push([row.attendee_name, row.code, row.buyer_email, row.checked_in_at ?? '', row.checked_in_by ?? ''].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
