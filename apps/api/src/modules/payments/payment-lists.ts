import type { EarnerMonth, EarnerPaymentList, EarnerPaymentListQuery, EarnerTotals, PayerPaymentList, PaymentListItem, PaymentListQuery } from '@goodtable/shared';
import { notFound } from '../../lib/domain-errors.ts';
import type { SignedInContext } from '../../lib/service-context.ts';
import { restaurantsActedFor } from '../managers/managers.service.ts';
import * as repository from './payment-lists.repository.ts';

/**
 * GET /payments and GET /bookings/payments: paged rows newest first, each only the viewer's own money, with totals per
 * currency over the filtered rows (docs/decisions/0069-payment-lists-and-receipts.md;
 * docs/decisions/0141-money-pages-of-their-own.md).
 */

const iso = (value: Date | string) => new Date(value).toISOString();

function presentItem(row: repository.PaymentListRow): PaymentListItem {
  return {
    id: row.id,
    payment_id: row.payment_id,
    booking_id: row.booking_id,
    type: row.type as PaymentListItem['type'],
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status as PaymentListItem['status'],
    created_at: iso(row.created_at),
    booking: row.booking_id
      ? {
          id: row.booking_id,
          title: row.booking_title,
          date: row.booking_date === null ? null : iso(row.booking_date),
          restaurant: row.restaurant_id ? { id: row.restaurant_id, name: row.restaurant_name } : null,
          cause: row.cause_id && row.cause_name !== null ? { id: row.cause_id, name: row.cause_name } : null,
        }
      : null,
    ...(row.donation_id && row.donation_cause_id
      ? {
          donation: {
            id: row.donation_id,
            name: row.donor_name,
            message: row.donor_message,
            anonymous: row.donor_anonymous ?? false,
            cause: { id: row.donation_cause_id, name: row.donation_cause_name ?? '' },
          },
        }
      : {}),
  };
}

function paged(query: PaymentListQuery, page: { rows: repository.PaymentListRow[]; total: number }) {
  return {
    data: page.rows.map(presentItem),
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(page.total / query.limit),
    totalResults: page.total,
  };
}

const windowOf = (query: PaymentListQuery): repository.ListWindow => ({ bookingId: query.booking_id, limit: query.limit, offset: (query.page - 1) * query.limit });

/**
 * Whose money the viewer sees: a seller its own restaurant, a manager or sub-manager the restaurants its team runs
 * (as bookings decide), or only `restaurantId` of them (404 for any other restaurant, as the bookings list), a cause
 * its own earnings. The route admits only these roles.
 */
async function earnerScope({ db, viewer }: SignedInContext, restaurantId: string | undefined): Promise<repository.EarnerScope> {
  const restaurantIds = viewer.role === 'cause' ? [] : await restaurantsActedFor(db, viewer);
  if (restaurantId !== undefined) {
    if (!restaurantIds.includes(restaurantId)) throw notFound('No such restaurant among the ones you run', 'restaurants.notFound');
    return { restaurantIds: [restaurantId], causeOwnerId: null };
  }
  return viewer.role === 'cause' ? { restaurantIds: [], causeOwnerId: viewer.id } : { restaurantIds, causeOwnerId: null };
}

/** Sums the monthly sums of the rows into one total per currency; `pending` is earned and not yet paid out. */
export function earnerTotalsOf(months: readonly (EarnerMonth & { held: number })[]): EarnerTotals[] {
  const byCurrency = new Map<string, EarnerTotals>();
  for (const month of months) {
    const total = byCurrency.get(month.currency) ?? { currency: month.currency, earned: 0, paid_out: 0, pending: 0, held: 0 };
    total.earned += month.earned;
    total.paid_out += month.paid_out;
    total.held += month.held;
    total.pending = total.earned - total.paid_out;
    byCurrency.set(month.currency, total);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** A restaurant's, manager's or cause's list. Another party's `booking_id` names no row in scope: an empty list. */
export async function listEarnerPayments(deps: SignedInContext, query: EarnerPaymentListQuery): Promise<EarnerPaymentList> {
  const scope = await earnerScope(deps, query.restaurant_id);
  const page = await repository.listEarnerItems(deps.db, { scope, window: windowOf(query) });
  const months = (await repository.earnerMonths(deps.db, { scope, bookingId: query.booking_id })).map((row) => ({
    month: row.month,
    currency: row.currency,
    received: Number(row.received),
    earned: Number(row.earned),
    paid_out: Number(row.paid_out),
    held: Number(row.held),
  }));
  return {
    ...paged(query, page),
    totals: earnerTotalsOf(months),
    months: months.map(({ held: _held, ...month }) => month),
  };
}

/** The viewer's payments as a payer (a client's deposits and fees, refunds to it); another's `booking_id`: empty. */
export async function listPayerPayments(deps: SignedInContext, query: PaymentListQuery): Promise<PayerPaymentList> {
  const page = await repository.listPayerItems(deps.db, { payerId: deps.viewer.id, window: windowOf(query) });
  const totals = await repository.payerTotals(deps.db, { payerId: deps.viewer.id, bookingId: query.booking_id });
  return {
    ...paged(query, page),
    totals: totals.map((row) => ({ currency: row.currency, paid: Number(row.paid), refunded: Number(row.refunded) })),
  };
}
