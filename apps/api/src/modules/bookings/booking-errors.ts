// The bookings module's domain errors, and the state machine's refusals as them.
import { refusalKind, type BookingRefusal, type BookingRefusalCode } from '@goodtable/shared';
import { conflict, DomainError, notAllowed, notFound } from '../../lib/domain-errors.ts';

export type FieldError = { field: string; message: string };

export const bookingNotFound = () => notFound('No such booking among yours', 'bookings.notFound');
export const readOnly = () => notAllowed('The cause can view this booking but not change it', 'bookings.readOnly');
export const stale = () => conflict('This booking changed since you loaded it; reload it and try again', 'bookings.stale');
export const invalid = (errors: FieldError[]) => new DomainError('invalid', { message: `Invalid ${errors[0]!.field}: ${errors[0]!.message}`, code: 'validation.failed', details: errors });

const REFUSAL_MESSAGES: Record<Exclude<BookingRefusalCode, 'invalidInput'>, string> = {
  unknownAction: 'No such booking action',
  wrongActor: 'You cannot take this action on this booking',
  wrongStatus: 'This action is not possible in the booking’s current status',
  noSuggestion: 'The restaurant has not suggested another time',
  timeChangeNotOffered: 'Another time can be asked for only after a suggestion or a decline as not available',
  eventStarted: 'The event has already started',
  eventNotPassed: 'The event is not over yet',
  suggestionPassed: 'The suggested time has passed',
  responseDeadlinePassed: 'The time to respond to this request has run out',
  responseDeadlineNotPassed: 'The restaurant can still respond',
  depositDeadlineNotPassed: 'The client can still pay the deposit',
  alreadyMarkedComplete: 'The event is already marked complete',
  notAwaitingCompletionAnswer: 'The event is not waiting for a completion answer',
  autoCompleteNotDue: 'The event is not due to be confirmed automatically yet',
  noTicketsSold: 'No tickets were sold for this event',
  ticketsSold: 'Tickets were sold for this event',
};

/** A state-machine refusal as the domain error it stands for (forbidden wrong actor, conflict not now, invalid input). */
export function refusalError(refusal: BookingRefusal): DomainError {
  if (refusal.code === 'invalidInput') return invalid([{ field: refusal.field ?? 'body', message: refusal.messageKey }]);
  return new DomainError(refusalKind(refusal.code), { message: REFUSAL_MESSAGES[refusal.code], code: `bookings.${refusal.code}` });
}
