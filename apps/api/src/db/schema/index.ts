export * from './users.ts';
export * from './sessions.ts';
export * from './manager-restaurants.ts';
export * from './causes.ts';
export * from './email-tokens.ts';
export * from './dev-mailbox.ts';
export * from './user-identities.ts';
export * from './connected-accounts.ts';
export * from './restaurant-profiles.ts';
export * from './menus.ts';
export * from './restaurant-photos.ts';
export * from './hosting-preferences.ts';
export * from './client-preferences.ts';
export * from './email-outbox.ts';
export * from './bookings.ts';
export * from './booking-events.ts';

export * from './rate-limits.ts';
