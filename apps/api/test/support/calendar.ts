import ICAL from 'ical.js';

/** A calendar invitation as a calendar client reads it (parsed by ical.js, an independent RFC 5545 parser). */
export type ParsedInvitation = {
  method: string;
  uid: string;
  sequence: number;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  url: string;
  status: string;
  organizer: string;
  attendee: string;
  /** The raw property lines, e.g. to check parameters. */
  lines: string[];
};

export function parseInvitation(ics: string): ParsedInvitation {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the invitation');
  const event = new ICAL.Event(vevent);
  const text = (name: string) => String(vevent.getFirstPropertyValue(name) ?? '');
  const time = (name: string) => (vevent.getFirstPropertyValue(name) as ICAL.Time).toJSDate();
  return {
    method: String(calendar.getFirstPropertyValue('method') ?? ''),
    uid: event.uid,
    sequence: event.sequence,
    stamp: time('dtstamp'),
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    summary: event.summary,
    description: event.description,
    location: event.location,
    url: text('url'),
    status: text('status'),
    organizer: event.organizer,
    attendee: text('attendee'),
    lines: ics.replace(/\r\n[ \t]/g, '').split('\r\n'),
  };
}
