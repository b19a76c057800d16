import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { notSignedIn } from '../../lib/domain-errors.ts';

export type GoogleProfile = { subject: string; email: string; givenName?: string; familyName?: string; name?: string; picture?: string };

export type GoogleIdTokenVerifier = (credential: string) => Promise<GoogleProfile>;

/**
 * Verifies a Google ID token as Google documents it: signature against the published key set (JWKS),
 * `aud` = our client id, `iss` one of Google's issuers, not expired, and a verified email.
 */
export function createGoogleIdTokenVerifier(options: { clientId: string; jwksUrl: string; issuers: string[] }): GoogleIdTokenVerifier {
  const keySet = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return async (credential) => {
    let payload: JWTPayload & Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(credential, keySet, { audience: options.clientId, issuer: options.issuers, algorithms: ['RS256'], clockTolerance: 5 }));
    } catch {
      throw notSignedIn('The Google sign-in could not be verified', 'auth.invalidGoogleCredential');
    }
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
      throw notSignedIn('The Google sign-in could not be verified', 'auth.invalidGoogleCredential');
    }
    if (payload.email_verified !== true && payload.email_verified !== 'true') {
      throw notSignedIn('Google has not verified this email address', 'auth.googleEmailNotVerified');
    }
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
    return {
      subject: payload.sub,
      email: payload.email.trim().toLowerCase(),
      givenName: text(payload.given_name),
      familyName: text(payload.family_name),
      name: text(payload.name),
      picture: text(payload.picture),
    };
  };
}
