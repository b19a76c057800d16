import {
  authResponseSchema,
  connectedAccountSchema,
  managedRestaurantSchema,
  managerAccessRequestSchema,
  pagedListSchema,
  publicConfigSchema,
  signInMethodsSchema,
  teamMemberSchema,
  undoEmailChangeResultSchema,
  MANAGER_RESTAURANTS_LIMIT,
  type AcceptInvitationInput,
  type AuthResponse,
  type ChangePasswordInput,
  type ConnectedAccount,
  type CreateManagedRestaurantInput,
  type DeleteAccountInput,
  type GoogleSignInInput,
  type InviteTeamMemberInput,
  type ManagedRestaurant,
  type ManagerAccessRequest,
  type PagedList,
  type PublicConfig,
  type ResetPasswordInput,
  type SignInMethods,
  type SignUpInput,
  type TeamMember,
} from '@goodtable/shared';
import { z } from 'zod';
import { authenticatedApi, publicApi } from '../../lib/api.ts';

export async function fetchPublicConfig(): Promise<PublicConfig> {
  return publicConfigSchema.parse(await publicApi.get('config'));
}

export async function registerAccount(input: SignUpInput): Promise<AuthResponse> {
  return authResponseSchema.parse(await publicApi.post('auth/sign-up', { body: input }));
}

export async function signInWithGoogle(input: GoogleSignInInput): Promise<AuthResponse> {
  return authResponseSchema.parse(await publicApi.post('auth/google', { body: input }));
}

/** SPEC.md §7 POST auth/send-verification-email. */
export async function sendVerificationEmail(email: string): Promise<void> {
  await publicApi.post('auth/send-verification-email', { body: { email } });
}

export async function verifyEmail(token: string): Promise<void> {
  await publicApi.post('auth/verify-email', { body: { token } });
}

/** POST auth/undo-email-change: puts back the address an email change replaced; answers it. */
export async function undoEmailChange(token: string): Promise<string> {
  return undoEmailChangeResultSchema.parse(await publicApi.post('auth/undo-email-change', { body: { token } })).email;
}

export async function requestPasswordReset(email: string): Promise<void> {
  await publicApi.post('auth/forgot-password', { body: { email } });
}

export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await publicApi.post('auth/reset-password', { body: input });
}

export async function acceptInvitation(input: AcceptInvitationInput): Promise<AuthResponse> {
  return authResponseSchema.parse(await publicApi.post('auth/accept-invitation', { body: input }));
}

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await authenticatedApi.put('me/password', { body: input });
}

export async function fetchSignInMethods(): Promise<SignInMethods> {
  return signInMethodsSchema.parse(await authenticatedApi.get('me/sign-in-methods'));
}

export async function unlinkGoogle(): Promise<SignInMethods> {
  return signInMethodsSchema.parse(await authenticatedApi.delete('me/sign-in-methods/google'));
}

export async function deleteAccount(input: DeleteAccountInput): Promise<void> {
  await authenticatedApi.delete('me', { body: input });
}

/** SPEC.md §7 GET payments/me/connected-account; null when there is none (404). */
export async function fetchConnectedAccount(): Promise<ConnectedAccount | null> {
  try {
    return connectedAccountSchema.parse(await authenticatedApi.get('payments/me/connected-account'));
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'statusCode' in error && (error as { statusCode: number }).statusCode === 404) return null;
    throw error;
  }
}

/** SPEC.md §7 GET managers/{id}/restaurants with the manager limit (100, §9). */
export async function fetchManagedRestaurants(managerId: string, status: 'active' | 'pending' | 'refused' | 'all' = 'active'): Promise<PagedList<ManagedRestaurant>> {
  return pagedListSchema(managedRestaurantSchema).parse(
    await authenticatedApi.get(`managers/${managerId}/restaurants`, { params: { limit: MANAGER_RESTAURANTS_LIMIT, status } }),
  );
}

export async function createManagedRestaurant(managerId: string, input: CreateManagedRestaurantInput): Promise<ManagedRestaurant> {
  return managedRestaurantSchema.parse(await authenticatedApi.post(`managers/${managerId}/restaurants`, { body: input }));
}

export async function requestRestaurantAccess(managerId: string, email: string): Promise<void> {
  await authenticatedApi.post(`managers/${managerId}/restaurant-requests`, { body: { email } });
}

export async function fetchTeamMembers(managerId: string): Promise<TeamMember[]> {
  return z.object({ data: z.array(teamMemberSchema) }).parse(await authenticatedApi.get(`managers/${managerId}/members`)).data;
}

export async function inviteTeamMember(managerId: string, input: InviteTeamMemberInput): Promise<void> {
  await authenticatedApi.post(`managers/${managerId}/members`, { body: input });
}

export async function removeTeamMember(managerId: string, memberId: string): Promise<void> {
  await authenticatedApi.delete(`managers/${managerId}/members/${memberId}`);
}

export async function fetchManagerRequests(): Promise<ManagerAccessRequest[]> {
  return z.object({ data: z.array(managerAccessRequestSchema) }).parse(await authenticatedApi.get('me/manager-requests')).data;
}

export async function answerManagerRequest(managerId: string, status: 'active' | 'refused'): Promise<ManagerAccessRequest> {
  return managerAccessRequestSchema.parse(await authenticatedApi.put(`me/manager-requests/${managerId}`, { body: { status } }));
}
