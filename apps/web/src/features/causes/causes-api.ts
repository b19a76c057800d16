import {
  causeSchema,
  causesPageSchema,
  HEADER_CAUSES_LIMIT,
  HEADER_CAUSES_SORT,
  userCausesSchema,
  type Cause,
  type CauseCategory,
  type CauseInput,
  type CauseListItem,
  type CauseSortValue,
  type PagedList,
} from '@goodtable/shared';
import { authenticatedApi, publicApi } from '../../lib/api.ts';
import { buildUrl } from '../../lib/api-client.ts';
import { apiErrorFromResponse, networkError } from '../../lib/api-error.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { readStoredToken } from '../../lib/stored-token.ts';

export const causeKeys = {
  all: ['causes'] as const,
  ofUser: (userId: string, limit: number, sortBy: string) => ['causes', 'user', userId, limit, sortBy] as const,
  directory: (query: CauseDirectoryQuery) => ['causes', 'directory', query] as const,
  bySlug: (slug: string) => ['causes', 'slug', slug] as const,
  byId: (id: string) => ['causes', 'id', id] as const,
};

/** SPEC.md §7 GET users/{id}/causes; the header dropdown asks for 10, newest first (SPEC.md §9). */
export async function fetchUserCauses(
  userId: string,
  { limit = HEADER_CAUSES_LIMIT, sortBy = HEADER_CAUSES_SORT }: { limit?: number; sortBy?: string } = {},
): Promise<CauseListItem[]> {
  const response = userCausesSchema.parse(await authenticatedApi.get(`users/${userId}/causes`, { params: { limit, sortBy } }));
  return response.data;
}

export type CauseDirectoryQuery = { page: number; limit: number; sortBy: CauseSortValue; category?: CauseCategory; search?: string };

/** SPEC.md §7 GET causes (public client, no token). */
export async function fetchCauseDirectory(query: CauseDirectoryQuery, signal?: AbortSignal): Promise<PagedList<CauseListItem>> {
  return causesPageSchema.parse(
    await publicApi.get('causes', { params: { ...query, search: query.search?.trim() || undefined }, signal }),
  );
}

/** The public page; sent with the token so an owner can preview an unpublished cause. */
export async function fetchCauseBySlug(slug: string): Promise<Cause> {
  return causeSchema.parse(await authenticatedApi.get(`causes/by-slug/${encodeURIComponent(slug)}`));
}

export async function fetchCause(id: string): Promise<Cause> {
  return causeSchema.parse(await authenticatedApi.get(`causes/${encodeURIComponent(id)}`));
}

export async function createCause(input: CauseInput): Promise<Cause> {
  return causeSchema.parse(await authenticatedApi.post('causes', { body: input }));
}

export async function updateCause(id: string, input: CauseInput): Promise<Cause> {
  return causeSchema.parse(await authenticatedApi.put(`causes/${id}`, { body: input }));
}

export async function deleteCause(id: string): Promise<void> {
  await authenticatedApi.delete(`causes/${id}`);
}

/** PUT causes/{id}/logo as multipart (the JSON client cannot send files), with the same token and error handling. */
export async function uploadCauseLogo(id: string, file: File): Promise<Cause> {
  const form = new FormData();
  form.append('logo', file);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token.access_token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(`causes/${id}/logo`), { method: 'PUT', headers, body: form });
  } catch {
    throw networkError();
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) throw apiErrorFromResponse(response.status, response.statusText, body);
  return causeSchema.parse(body);
}

export async function removeCauseLogo(id: string): Promise<Cause> {
  return causeSchema.parse(await authenticatedApi.delete(`causes/${id}/logo`));
}
