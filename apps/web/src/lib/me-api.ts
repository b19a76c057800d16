import { meSchema, type Me, type UpdateMeInput } from '@goodtable/shared';
import { authenticatedApi } from '../../lib/api.ts';

export async function updateMe(input: UpdateMeInput): Promise<Me> {
  return meSchema.parse(await authenticatedApi.put('me', { body: input }));
}
