export * from './users.ts';
export * from './sessions.ts';
export * from './manager-restaurants.ts';
export * from './causes.ts';
export * from './email-tokens.ts';
export * from './dev-mailbox.ts';
export * from './user-identities.ts';
export * from './connected-accounts.ts';
