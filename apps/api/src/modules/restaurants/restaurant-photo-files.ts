import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { badRequest, HttpError } from '../../lib/http-errors.ts';

/** Longest side of a stored photo and the thumbnail's box, in pixels. */
export const PHOTO_MAX_SIDE = 1600;
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAIL_HEIGHT = 360;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

const photoField = (message: string) => [{ field: 'photo', message }];
const photoTooLarge = () => new HttpError(413, 'The photo is larger than 5 MB', 'uploads.tooLarge', photoField('validation.fileTooLarge'));
const photoWrongType = () =>
  new HttpError(415, 'The photo must be a JPEG, PNG or WebP image', 'uploads.unsupportedType', photoField('validation.unsupportedImageType'));

/** Reads the one file of a multipart request (field `photo`) within the 5 MB limit. */
export async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('Send the photo as multipart/form-data', 'uploads.notMultipart', photoField('validation.required'));
  let content: Buffer;
  try {
    const file = await request.file();
    if (!file) throw badRequest('No photo file was sent', 'uploads.missingFile', photoField('validation.required'));
    content = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge();
    throw error;
  }
  if (content.length === 0) throw badRequest('The photo file is empty', 'uploads.missingFile', photoField('validation.required'));
  return content;
}

export type ProcessedPhoto = { photo: Buffer; thumbnail: Buffer; width: number; height: number };

/**
 * Checks by its bytes (not its name or declared type) that the image is JPEG, PNG or WebP, then stores it as
 * a WebP of at most 1600 px on its longest side, plus a 480×360 cover-cropped thumbnail.
 */
export async function processPhoto(content: Buffer): Promise<ProcessedPhoto> {
  let format: string | undefined;
  try {
    format = (await sharp(content).metadata()).format;
  } catch {
    throw photoWrongType();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw photoWrongType();
  try {
    const { data: photo, info } = await sharp(content)
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(content).rotate().resize(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, { fit: 'cover' }).webp({ quality: 78 }).toBuffer();
    return { photo, thumbnail, width: info.width, height: info.height };
  } catch {
    throw photoWrongType();
  }
}

export function newPhotoKeys(restaurantId: string): { photoKey: string; thumbnailKey: string } {
  const id = randomUUID();
  return { photoKey: `restaurants/${restaurantId}/${id}.webp`, thumbnailKey: `restaurants/${restaurantId}/${id}-thumb.webp` };
}
