import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { convertImage, openImage, readImageUpload } from '../../lib/image-upload.ts';

/** Longest side of a stored photo and the thumbnail's box, in pixels. */
export const PHOTO_MAX_SIDE = 1600;
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAIL_HEIGHT = 360;

/** Reads the one file of a multipart request (field `photo`) within the 5 MB limit. */
export const readPhotoUpload = (request: FastifyRequest): Promise<Buffer> => readImageUpload(request, 'photo');

export type ProcessedPhoto = { photo: Buffer; thumbnail: Buffer; width: number; height: number };

/**
 * Checks by its bytes (not its name or declared type) that the image is JPEG, PNG or WebP, then stores it as
 * a WebP of at most 1600 px on its longest side, plus a 480×360 cover-cropped thumbnail.
 */
export function processPhoto(content: Buffer): Promise<ProcessedPhoto> {
  return convertImage({ content, field: 'photo', convert: async (image) => {
    const { data: photo, info } = await openImage(image)
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await openImage(image).rotate().resize(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, { fit: 'cover' }).webp({ quality: 78 }).toBuffer();
    return { photo, thumbnail, width: info.width, height: info.height };
  } });
}

export function newPhotoKeys(restaurantId: string): { photoKey: string; thumbnailKey: string } {
  const id = randomUUID();
  return { photoKey: `restaurants/${restaurantId}/${id}.webp`, thumbnailKey: `restaurants/${restaurantId}/${id}-thumb.webp` };
}
