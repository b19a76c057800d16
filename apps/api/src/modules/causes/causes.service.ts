import type { Cause, CauseInputParsed, CauseListItem, CauseCategory, PagedList } from '@goodtable/shared';
import type { Database } from '../../db/client.ts';
import type { CauseRow } from '../../db/schema/index.ts';
// The country table alone: the package's index also parses every state and city (8 MB of JSON, tens of MB resident).
import { findCountry } from '../../lib/countries.ts';
import { DomainError, notAllowed, notFound } from '../../lib/domain-errors.ts';
import type { ServiceContext, SignedInContext, Viewer } from '../../lib/service-context.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { findUserById } from '../accounts/accounts.service.ts';
import { newLogoKey, processLogo } from './cause-logo.ts';
import { presentCause, presentCauseListItem } from './causes.presenter.ts';
import {
  causeSearchText as searchTextOf,
  deleteCause,
  findCauseById,
  findCauseBySlug,
  insertCause,
  isCauseSlugTaken,
  listCausesOfOwner,
  listPublishedCauses,
  updateCause,
  type CauseSort,
} from './causes.repository.ts';

/** The words a cause is found by, as stored with it (the demo data writes causes directly). */
export function causeSearchText(cause: { name: string; story: string }): string {
  return searchTextOf(cause);
}

/** What causes' calls need besides the service context: where logos are stored. */
export type CausesDeps = { storage: FileStorage };
export type CausesContext = ServiceContext & CausesDeps;
/** A call of a signed-in user: adding a cause, or changing one (checked to be theirs). */
type OwnerContext = SignedInContext & CausesDeps;

const slugTaken = () => new DomainError('conflict', { message: 'Another cause already uses this address', code: 'causes.slugTaken', details: [{ field: 'slug', message: 'validation.slugTaken' }] });
const causeNotFound = () => notFound('Cause not found', 'causes.notFound');

function assertKnownCountry(code: string | null) {
  if (code && !findCountry(code)) {
    throw new DomainError('invalid', { message: `Invalid country: ${code}`, code: 'validation.failed', details: [{ field: 'country', message: 'validation.invalidCountry' }] });
  }
}

function toColumns(input: CauseInputParsed) {
  return {
    name: input.name,
    slug: input.slug,
    category: input.category,
    story: input.story,
    website: input.website,
    charityRegistrationNumber: input.charity_registration_number,
    countryCode: input.country,
    published: input.published,
    searchText: searchTextOf(input),
  };
}

/** The cause `id` when `viewer` owns it: 404 when there is no such cause, 403 when it is someone else's. */
async function ownedCause(db: Database, { viewer, id }: { viewer: Viewer; id: string }): Promise<CauseRow> {
  const cause = await findCauseById(db, id);
  if (!cause) throw causeNotFound();
  if (cause.ownerId !== viewer.id) throw notAllowed('Only the owner of this cause may change it', 'causes.notOwner');
  return cause;
}

/** Throws 403/404 unless the viewer owns cause `id`: checked before an upload is read, so others cannot make us decode images. */
export async function assertOwnsCause({ db, viewer }: SignedInContext, id: string): Promise<void> {
  await ownedCause(db, { viewer, id });
}

/** POST /v1/causes: a cause user adds one more cause (they may run several). */
export async function createCause({ db, storage, viewer }: OwnerContext, input: CauseInputParsed): Promise<Cause> {
  if (viewer.role !== 'cause') throw notAllowed('Only cause accounts can add causes', 'causes.causeRoleRequired');
  assertKnownCountry(input.country);
  if (await isCauseSlugTaken(db, { slug: input.slug })) throw slugTaken();
  try {
    return presentCause(await insertCause(db, { ...toColumns(input), ownerId: viewer.id }), storage);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** PUT /v1/causes/{id}: the owner replaces the profile fields. */
export async function editCause({ db, storage, viewer }: OwnerContext, { id, input }: { id: string; input: CauseInputParsed }): Promise<Cause> {
  const cause = await ownedCause(db, { viewer, id });
  assertKnownCountry(input.country);
  if (input.slug !== cause.slug && (await isCauseSlugTaken(db, { slug: input.slug, exceptId: id }))) throw slugTaken();
  try {
    const updated = await updateCause(db, { id, values: toColumns(input) });
    if (!updated) throw causeNotFound();
    return presentCause(updated, storage);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** DELETE /v1/causes/{id}: the owner removes the cause and its logo. */
export async function removeCause({ db, storage, viewer }: OwnerContext, id: string): Promise<void> {
  const cause = await ownedCause(db, { viewer, id });
  await deleteCause(db, id);
  if (cause.logoKey) await storage.delete(cause.logoKey);
}

/** PUT /v1/causes/{id}/logo: stores the resized WebP, then forgets the previous file. */
export async function replaceCauseLogo({ db, storage, viewer }: OwnerContext, { id, upload }: { id: string; upload: Buffer }): Promise<Cause> {
  const cause = await ownedCause(db, { viewer, id });
  const logo = await processLogo(upload);
  const key = newLogoKey(cause.id);
  await storage.put(key, { content: logo, contentType: 'image/webp' });
  const updated = await updateCause(db, { id, values: { logoKey: key } });
  if (!updated) {
    await storage.delete(key);
    throw causeNotFound();
  }
  if (cause.logoKey) await storage.delete(cause.logoKey);
  return presentCause(updated, storage);
}

export async function removeCauseLogo({ db, storage, viewer }: OwnerContext, id: string): Promise<Cause> {
  const cause = await ownedCause(db, { viewer, id });
  const updated = await updateCause(db, { id, values: { logoKey: null } });
  if (!updated) throw causeNotFound();
  if (cause.logoKey) await storage.delete(cause.logoKey);
  return presentCause(updated, storage);
}

/** GET /v1/causes/{id}: published causes for anyone; an unpublished one only for its owner (404 for others). */
export async function getCause({ db, storage, viewer }: CausesContext, id: string): Promise<Cause> {
  const cause = await findCauseById(db, id);
  if (!cause || (!cause.published && cause.ownerId !== viewer?.id)) throw causeNotFound();
  return presentCause(cause, storage);
}

/** GET /v1/causes/by-slug/{slug}: the public page; the owner may also preview an unpublished one. */
export async function getCauseBySlug({ db, storage, viewer }: CausesContext, slug: string): Promise<Cause> {
  const cause = await findCauseBySlug(db, slug.toLowerCase());
  if (!cause || (!cause.published && cause.ownerId !== viewer?.id)) throw causeNotFound();
  return presentCause(cause, storage);
}

/**
 * GET /v1/users/{id}/causes: the user themself sees all their causes (published or not); anyone else sees
 * only the published ones. An unknown user is a 404.
 */
export async function getUserCauses({ db, storage, viewer }: CausesContext, { userId, query }: { userId: string; query: { limit: number; sortBy: CauseSort } }): Promise<{ data: CauseListItem[] }> {
  const isSelf = viewer?.id === userId;
  if (!isSelf && !(await findUserById(db, userId))) throw notFound('User not found', 'users.notFound');
  const rows = await listCausesOfOwner(db, { ownerId: userId, publishedOnly: !isSelf, limit: query.limit, sort: query.sortBy });
  return { data: rows.map((row) => presentCauseListItem(row, storage)) };
}

/** GET /v1/causes: the public directory. */
export async function getCauseDirectory(
  { db, storage }: CausesContext,
  query: { page: number; limit: number; sortBy: CauseSort; category?: CauseCategory; search?: string },
): Promise<PagedList<CauseListItem>> {
  const { rows, total } = await listPublishedCauses(db, { page: query.page, limit: query.limit, sort: query.sortBy, category: query.category, search: query.search });
  return {
    data: rows.map((row) => presentCauseListItem(row, storage)),
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
    totalResults: total,
  };
}
