import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret (256 bits) for bearer tokens and emailed links. */
export function generateSecureToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token itself. */
export function hashSecureToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
