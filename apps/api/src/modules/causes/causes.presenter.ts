import type { Cause, CauseListItem } from '@goodtable/shared';
import type { CauseRow } from '../../db/schema/index.ts';
import type { FileStorage } from '../../storage/file-storage.ts';

export function presentCause(row: CauseRow, storage: FileStorage): Cause {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    category: row.category,
    story: row.story,
    logo: row.logoKey ? storage.publicUrl(row.logoKey) : null,
    website: row.website,
    charity_registration_number: row.charityRegistrationNumber,
    country: row.countryCode,
    published: row.published,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentCauseListItem(row: CauseRow, storage: FileStorage): CauseListItem {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    logo: row.logoKey ? storage.publicUrl(row.logoKey) : null,
    country: row.countryCode,
    published: row.published,
    created_at: row.createdAt.toISOString(),
  };
}
