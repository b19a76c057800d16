import { queryOptions } from '@tanstack/react-query';
import {
  HEADER_CAUSES_LIMIT,
  HEADER_CAUSES_SORT,
  type Cause,
  type CauseCategory,
  type CauseInput,
  type CauseListItem,
  type CauseSortValue,
  type PagedList,
} from '@goodtable/shared';
import { authenticatedApi, publicApi } from '../../lib/api.ts';

export const causeKeys = {
  all: ['causes'] as const,
  ofUser: ({ userId, limit, sortBy }: UserCausesPage & { userId: string }) => ['causes', 'user', userId, limit, sortBy] as const,
  directory: (query: CauseDirectoryQuery) => ['causes', 'directory', query] as const,
  bySlug: (slug: string) => ['causes', 'slug', slug] as const,
  byId: (id: string) => ['causes', 'id', id] as const,
};

/** How many of a user's causes, in which order. */
export type UserCausesPage = { limit: number; sortBy: string };

/** GET users/{id}/causes (docs/product.md, API calls); the header dropdown asks for 10, newest first (docs/product.md, Business constants). */
export async function fetchUserCauses(
  userId: string,
  { limit = HEADER_CAUSES_LIMIT, sortBy = HEADER_CAUSES_SORT }: Partial<UserCausesPage> = {},
): Promise<CauseListItem[]> {
  const response = await authenticatedApi.get<{ data: CauseListItem[] }>(`users/${userId}/causes`, { params: { limit, sortBy } });
  return response.data;
}

export const userCausesQuery = ({ userId, limit, sortBy }: UserCausesPage & { userId: string }) =>
  queryOptions({ queryKey: causeKeys.ofUser({ userId, limit, sortBy }), queryFn: () => fetchUserCauses(userId, { limit, sortBy }) });

export type CauseDirectoryQuery = { page: number; limit: number; sortBy: CauseSortValue; category?: CauseCategory; search?: string };

/** GET causes (docs/product.md, API calls; public client, no token). */
export async function fetchCauseDirectory(query: CauseDirectoryQuery, signal?: AbortSignal): Promise<PagedList<CauseListItem>> {
  return publicApi.get<PagedList<CauseListItem>>('causes', { params: { ...query, search: query.search?.trim() || undefined }, signal });
}

export const causeDirectoryQuery = (query: CauseDirectoryQuery) =>
  queryOptions({ queryKey: causeKeys.directory(query), queryFn: ({ signal }) => fetchCauseDirectory(query, signal) });

/** The public page; sent with the token so an owner can preview an unpublished cause. */
export async function fetchCauseBySlug(slug: string): Promise<Cause> {
  return authenticatedApi.get<Cause>(`causes/by-slug/${encodeURIComponent(slug)}`);
}

/** A cause's public page; a 404 is the page's answer, not asked again. */
export const causeBySlugQuery = (slug: string) => queryOptions({ queryKey: causeKeys.bySlug(slug), queryFn: () => fetchCauseBySlug(slug), retry: false });

export async function fetchCause(id: string): Promise<Cause> {
  return authenticatedApi.get<Cause>(`causes/${encodeURIComponent(id)}`);
}

export const causeQuery = (id: string) => queryOptions({ queryKey: causeKeys.byId(id), queryFn: () => fetchCause(id) });

export async function createCause(input: CauseInput): Promise<Cause> {
  return authenticatedApi.post<Cause>('causes', { body: input });
}

export async function updateCause(id: string, input: CauseInput): Promise<Cause> {
  return authenticatedApi.put<Cause>(`causes/${id}`, { body: input });
}

export async function deleteCause(id: string): Promise<void> {
  await authenticatedApi.delete(`causes/${id}`);
}

/** PUT causes/{id}/logo as multipart (field `logo`). */
export async function uploadCauseLogo(id: string, file: File): Promise<Cause> {
  // Loaded when a file is sent: the public pages that use this module never upload.
  const { uploadFile } = await import('../../lib/upload-file.ts');
  return uploadFile<Cause>({ method: 'PUT', path: `causes/${id}/logo`, field: 'logo', file });
}

export async function removeCauseLogo(id: string): Promise<Cause> {
  return authenticatedApi.delete<Cause>(`causes/${id}/logo`);
}
