export * from './users.ts';
export * from './sessions.ts';
export * from './manager-restaurants.ts';
export * from './causes.ts';
