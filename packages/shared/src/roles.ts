export const ROLES = ['user', 'seller', 'manager', 'cause'] as const;
export type Role = (typeof ROLES)[number];
