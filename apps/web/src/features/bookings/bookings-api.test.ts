import { describe, expect, it } from 'vitest';
import type { SettlementConflict, SettlementPreview } from '@goodtable/shared';
import { ApiRequestError } from '../../lib/api-error.ts';
import { changedSettlementPreview } from './bookings-api.ts';

const preview: SettlementPreview = {
  currency: 'AUD',
  settled: false,
  tickets_sold: 10,
  ticket_revenue: 60_000,
  donations: 0,
  food_cost: 100_000,
  platform_fee: 3000,
  restaurant_amount: 100_000,
  cause_amount: 0,
  client_prepaid: 2000,
  client_refund: 0,
  client_charge: 41_000,
};

describe('changedSettlementPreview', () => {
  it('reads the amounts now from a confirmation refused because the charge changed', () => {
    const refused: SettlementConflict = { statusCode: 409, error: 'Conflict', message: 'changed', code: 'bookings.chargeChanged', preview };
    expect(changedSettlementPreview(new ApiRequestError(refused))).toEqual(preview);
  });

  it('finds none in any other failure', () => {
    expect(changedSettlementPreview(new ApiRequestError({ statusCode: 409, error: 'Conflict', message: 'stale', code: 'bookings.stale' }))).toBeUndefined();
    expect(changedSettlementPreview(new ApiRequestError({ statusCode: 400, error: 'Bad Request', message: 'bad', code: 'bookings.chargeChanged' }))).toBeUndefined();
    expect(changedSettlementPreview(new Error('offline'))).toBeUndefined();
  });
});
