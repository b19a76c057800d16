import { RESTAURANT_PHOTO_TYPES } from '@goodtable/shared';

/** The API's upload limit (5 MB), checked before sending so the user learns at once. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Client-side check of a chosen photo (the API checks the bytes again): a translation key when refused. */
export function photoProblem(file: Pick<File, 'size' | 'type'>): 'photos.wrongType' | 'photos.tooLarge' | undefined {
  if (!(RESTAURANT_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'photos.wrongType';
  if (file.size > PHOTO_MAX_BYTES) return 'photos.tooLarge';
  return undefined;
}

/** Translation key of a failed upload, by the API's error code. */
export function uploadErrorKey(code: string | undefined): string {
  if (code === 'uploads.tooLarge') return 'photos.tooLarge';
  if (code === 'uploads.unsupportedType') return 'photos.wrongType';
  if (code === 'uploads.tooManyPixels') return 'photos.tooManyPixels';
  if (code === 'restaurants.tooManyPhotos') return 'photos.tooMany';
  return 'photos.uploadError';
}
