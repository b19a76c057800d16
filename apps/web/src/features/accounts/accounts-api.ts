import { queryOptions } from '@tanstack/react-query';
import {
  type ChangePasswordInput,
  type CreateManagedRestaurantInput,
  type DeleteAccountInput,
  type InviteTeamMemberInput,
  type ManagedRestaurant,
  type ManagerAccessRequest,
  type SignInMethods,
  type TeamMember,
  type UndoEmailChangeResult,
} from '@goodtable/shared';
import { authenticatedApi, publicApi } from '../../lib/api.ts';

/** POST auth/send-verification-email (docs/product.md, API calls). */
export async function sendVerificationEmail(email: string): Promise<void> {
  await publicApi.post('auth/send-verification-email', { body: { email } });
}

export async function verifyEmail(token: string): Promise<void> {
  await publicApi.post('auth/verify-email', { body: { token } });
}

/** POST auth/undo-email-change: puts back the address an email change replaced; answers it. */
export async function undoEmailChange(token: string): Promise<string> {
  return (await publicApi.post<UndoEmailChangeResult>('auth/undo-email-change', { body: { token } })).email;
}

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await authenticatedApi.put('me/password', { body: input });
}

export async function fetchSignInMethods(): Promise<SignInMethods> {
  return authenticatedApi.get<SignInMethods>('me/sign-in-methods');
}

export const signInMethodsQuery = () => queryOptions({ queryKey: ['me', 'sign-in-methods'] as const, queryFn: fetchSignInMethods });

export async function unlinkGoogle(): Promise<SignInMethods> {
  return authenticatedApi.delete<SignInMethods>('me/sign-in-methods/google');
}

export async function deleteAccount(input: DeleteAccountInput): Promise<void> {
  await authenticatedApi.delete('me', { body: input });
}

export async function createManagedRestaurant(managerId: string, input: CreateManagedRestaurantInput): Promise<ManagedRestaurant> {
  return authenticatedApi.post<ManagedRestaurant>(`managers/${managerId}/restaurants`, { body: input });
}

export async function requestRestaurantAccess(managerId: string, email: string): Promise<void> {
  await authenticatedApi.post(`managers/${managerId}/restaurant-requests`, { body: { email } });
}

export async function fetchTeamMembers(managerId: string): Promise<TeamMember[]> {
  return (await authenticatedApi.get<{ data: TeamMember[] }>(`managers/${managerId}/members`)).data;
}

export const teamMembersQuery = (managerId: string) => queryOptions({ queryKey: ['managers', managerId, 'members'] as const, queryFn: () => fetchTeamMembers(managerId) });

export async function inviteTeamMember(managerId: string, input: InviteTeamMemberInput): Promise<void> {
  await authenticatedApi.post(`managers/${managerId}/members`, { body: input });
}

export async function removeTeamMember(managerId: string, memberId: string): Promise<void> {
  await authenticatedApi.delete(`managers/${managerId}/members/${memberId}`);
}

export async function fetchManagerRequests(): Promise<ManagerAccessRequest[]> {
  return (await authenticatedApi.get<{ data: ManagerAccessRequest[] }>('me/manager-requests')).data;
}

export const managerRequestsQuery = () => queryOptions({ queryKey: ['me', 'manager-requests'] as const, queryFn: fetchManagerRequests });

export async function answerManagerRequest(managerId: string, status: 'active' | 'refused'): Promise<ManagerAccessRequest> {
  return authenticatedApi.put<ManagerAccessRequest>(`me/manager-requests/${managerId}`, { body: { status } });
}
