import { count } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema/index.ts';
import { hashPassword, insertUser } from '../../modules/accounts/accounts.service.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { seedDemoBookings } from './seed-bookings.ts';
import { seedDemoCauses } from './seed-causes.ts';
import { seedDemoRestaurants } from './seed-restaurants.ts';
import { seedDemoAccounts } from './seed-accounts.ts';
import { seedDemoNotifications } from './seed-notifications.ts';
import { seedDemoPayoutAccounts } from './seed-payouts.ts';
import { seedDemoSettlements } from './seed-settlements.ts';
import { seedDemoTicketSales } from './seed-ticket-sales.ts';

export const DEMO_PASSWORD = 'goodtable-demo';

/** The demo accounts the README lists; one per role. */
export const DEMO_ACCOUNTS = [
  { email: 'client@example.com', role: 'user', firstName: 'Olivia', lastName: 'Nguyen', location: 'Sydney NSW', timezone: 'Australia/Sydney', name: null },
  { email: 'restaurant@example.com', role: 'seller', firstName: 'Marco', lastName: 'Rossi', location: 'Melbourne VIC', timezone: 'Australia/Melbourne', name: 'Trattoria Rossi' },
  { email: 'manager@example.com', role: 'manager', firstName: 'Hannah', lastName: 'Lee', location: 'Brisbane QLD', timezone: 'Australia/Brisbane', name: 'Harbour Hospitality Group' },
  { email: 'cause@example.com', role: 'cause', firstName: 'Minh', lastName: 'Tran', location: 'Da Nang', timezone: 'Asia/Ho_Chi_Minh', name: 'Hope Kitchen Foundation' },
] as const;

/** The system clock: on an empty database the business clock has never been moved, so it reads the same. */
const SYSTEM_CLOCK: Clock = { now: () => new Date() };

/**
 * Seeds a believable marketplace into an empty database (docs/product.md, Demo data); does nothing when users exist. Booking
 * dates and deadlines are relative to `clock` (the app's business clock).
 */
export async function seedDemoDataIfEmpty(db: Database, options: { storage?: FileStorage; clock?: Clock } = {}): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(users);
  if ((row?.total ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const files = options.storage ? filesAfterCommit(options.storage) : undefined;
  await db.transaction(async (tx) => {
    const accountIds: Partial<Record<(typeof DEMO_ACCOUNTS)[number]['email'], string>> = {};
    for (const account of DEMO_ACCOUNTS) {
      accountIds[account.email] = (await insertUser(tx, {
        email: account.email,
        role: account.role,
        passwordHash,
        firstName: account.firstName,
        lastName: account.lastName,
        name: account.name,
        location: account.location,
        timezone: account.timezone,
        isVerified: true,
        published: account.role === 'seller' || account.role === 'manager',
      })).id;
    }
    await seedDemoCauses(tx, { demoCauseOwnerId: accountIds['cause@example.com']!, storage: files?.storage });
    await seedDemoRestaurants(tx, {
      demoSellerId: accountIds['restaurant@example.com']!,
      demoManagerId: accountIds['manager@example.com']!,
      passwordHash,
      storage: files?.storage,
    });
    await seedDemoAccounts(tx, { managerId: accountIds['manager@example.com']!, restaurantId: accountIds['restaurant@example.com']!, passwordHash });
    await seedDemoBookings(tx, { clientId: accountIds['client@example.com']!, managerId: accountIds['manager@example.com']!, clock: options.clock ?? SYSTEM_CLOCK });
    await seedDemoPayoutAccounts(tx, { sellerId: accountIds['restaurant@example.com']!, causeOwnerId: accountIds['cause@example.com']! });
    // It gives the demo seller and cause connected accounts only if they have none, then pays them out.
    await seedDemoSettlements(tx, {
      clientId: accountIds['client@example.com']!,
      sellerId: accountIds['restaurant@example.com']!,
      causeOwnerId: accountIds['cause@example.com']!,
      clock: options.clock ?? SYSTEM_CLOCK,
    });
    await seedDemoTicketSales(tx, { clock: options.clock ?? SYSTEM_CLOCK });
    // After the money: the demo's payments, refunds and payouts are told too.
    await seedDemoNotifications(tx);
  });
  await files?.write();
  return true;
}

/**
 * A store that keeps what is put until `write()`, called once the seed's transaction has committed: the PostgreSQL
 * store writes through the app's own connection, which on the embedded database waits for that transaction to end.
 * A seed that fails leaves no files behind either.
 */
function filesAfterCommit(target: FileStorage): { storage: FileStorage; write: () => Promise<void> } {
  const pending: { key: string; file: { content: Buffer; contentType: string } }[] = [];
  const storage: FileStorage = {
    ...target,
    put: async (key, file) => {
      pending.push({ key, file });
    },
  };
  return {
    storage,
    write: async () => {
      for (const { key, file } of pending.splice(0)) await target.put(key, file);
    },
  };
}
