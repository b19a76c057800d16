import type { Me, UpdateMeInput } from '@goodtable/shared';
import { authenticatedApi } from './api.ts';

/**
 * PUT /v1/me (docs/product.md, API calls): replaces the signed-in user's editable details and returns the user. A new email address
 * needs `current_password`; the shared schema gains the field with the API's half.
 */
export async function updateMe(input: UpdateMeInput & { current_password?: string }): Promise<Me> {
  return authenticatedApi.put<Me>('me', { body: input });
}

/** The PUT me body that keeps `user` as it is, with `changes` applied. */
export function updateMeInputFrom(user: Me, changes: Partial<UpdateMeInput>): UpdateMeInput {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    location: user.location,
    timezone: user.timezone,
    language: user.language,
    ...changes,
  };
}
