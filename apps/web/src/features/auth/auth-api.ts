import { authResponseSchema, type AuthResponse, type SignInInput, type SignUpInput } from '@goodtable/shared';
import { publicApi } from '../../lib/api.ts';

export async function signIn(input: SignInInput): Promise<AuthResponse> {
  return authResponseSchema.parse(await publicApi.post('auth/sign-in', { body: input }));
}

export async function signUp(input: SignUpInput): Promise<AuthResponse> {
  return authResponseSchema.parse(await publicApi.post('auth/sign-up', { body: input }));
}
