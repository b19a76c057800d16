import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { bookingTestKit, type BookingTestKit, type BookingWorld } from '../../bookings/test/booking-test-kit.ts';
import { checkLedger } from '../ledger.ts';

export type MoneyTestSuite = { testApp: TestApp; kit: BookingTestKit; w: BookingWorld };

/**
 * The set-up of a money test file (not a test file itself): before its tests, an app of its own and a booking world,
 * handed to `started`; after them, the app closed and its ledger checked, since whatever the tests did with money, it
 * must still balance.
 */
export function moneyTestSuite(started: (suite: MoneyTestSuite) => void, options: { setupTimeoutMs?: number } = {}): void {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await startTestApp();
    const kit = bookingTestKit(testApp);
    started({ testApp, kit, w: await kit.world() });
  }, options.setupTimeoutMs);
  afterAll(async () => {
    const report = await checkLedger(testApp!.app.db);
    await testApp!.close();
    expect(report.problems).toEqual([]);
  });
}
