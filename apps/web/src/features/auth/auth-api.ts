import { queryOptions } from '@tanstack/react-query';
import {
  type AcceptInvitationInput,
  type AuthResponse,
  type GoogleSignInInput,
  type PublicConfig,
  type ResetPasswordInput,
  type SignInInput,
  type SignUpInput,
} from '@goodtable/shared';
import { publicApi } from '../../lib/api.ts';

export async function signIn(input: SignInInput): Promise<AuthResponse> {
  return publicApi.post<AuthResponse>('auth/sign-in', { body: input });
}

export async function signUp(input: SignUpInput): Promise<AuthResponse> {
  return publicApi.post<AuthResponse>('auth/sign-up', { body: input });
}

export async function fetchPublicConfig(): Promise<PublicConfig> {
  return publicApi.get<PublicConfig>('config');
}

/** The site's public settings do not change while a page is open. */
export const publicConfigQuery = () => queryOptions({ queryKey: ['public-config'] as const, queryFn: fetchPublicConfig, staleTime: Infinity });

export async function signInWithGoogle(input: GoogleSignInInput): Promise<AuthResponse> {
  return publicApi.post<AuthResponse>('auth/google', { body: input });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await publicApi.post('auth/forgot-password', { body: { email } });
}

export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await publicApi.post('auth/reset-password', { body: input });
}

export async function acceptInvitation(input: AcceptInvitationInput): Promise<AuthResponse> {
  return publicApi.post<AuthResponse>('auth/accept-invitation', { body: input });
}
