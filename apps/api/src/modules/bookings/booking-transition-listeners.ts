// The registry of modules that act on booking transitions (docs/decisions/0057-api-module-boundaries.md).
import type { BookingAction, BookingActor, BookingStatus } from '@goodtable/shared';
import type { Executor } from '../../db/client.ts';
import type { BookingRow } from '../../db/schema/index.ts';
import type { SystemDeadline } from './bookings.repository.ts';

/**
 * A transition, as the modules listening to bookings see it (the row after the change; most act only when `from` is
 * not its status, mark-complete keeps CONFIRMED). `expectedCharge`: the
 * balance the person confirming completion was shown (confirm-complete's `expected_charge`), for the settlement to
 * refuse a different one.
 */
export type BookingTransitionChange = { booking: BookingRow; from: BookingStatus; action: BookingAction; actor: BookingActor; now: Date; expectedCharge?: number };
/** Runs in the transition's transaction: what it writes commits with the change, and its failure undoes the change. */
export type BookingTransitionListener = (tx: Executor, change: BookingTransitionChange) => Promise<void>;

/**
 * The modules that act on booking transitions (payments: settlement at COMPLETED, refunds at cancellation) register
 * here, so bookings never imports them (module boundaries). One registry per app (`app.bookingTransitions`).
 */
export type BookingTransitionListeners = {
  add: (listener: BookingTransitionListener) => void;
  notify: BookingTransitionListener;
  /** A system transition waits while any gate says not yet (payments: a charge the client has not been told of). */
  addGate: (gate: SystemTransitionGate) => void;
  allows: SystemTransitionGate;
};

/**
 * Asked, in the scheduler's transaction, before a due system transition is applied to its locked row: false leaves
 * the booking as it is until a later pass. What it writes (a notice to send first, say) commits with the pass.
 */
export type SystemTransitionGate = (tx: Executor, due: { booking: BookingRow; action: SystemDeadline; now: Date }) => Promise<boolean>;

export function createBookingTransitionListeners(): BookingTransitionListeners {
  const listeners: BookingTransitionListener[] = [];
  const gates: SystemTransitionGate[] = [];
  return {
    add: (listener) => {
      listeners.push(listener);
    },
    // One after another: a transaction has one connection.
    notify: async (tx, change) => {
      for (const listener of listeners) await listener(tx, change);
    },
    addGate: (gate) => {
      gates.push(gate);
    },
    allows: async (tx, due) => {
      for (const gate of gates) if (!(await gate(tx, due))) return false;
      return true;
    },
  };
}
