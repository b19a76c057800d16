import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { convertImage, openImage, readImageUpload } from '../../lib/image-upload.ts';

/** Longest side of a stored logo, in pixels. */
export const LOGO_MAX_SIDE = 512;

/** Reads the one file of a multipart request (field `logo`) within the 5 MB limit. */
export const readLogoUpload = (request: FastifyRequest): Promise<Buffer> => readImageUpload(request, 'logo');

/** Checks the image is JPEG, PNG or WebP and turns it into a square-bounded WebP logo. */
export function processLogo(content: Buffer): Promise<Buffer> {
  return convertImage({ content, field: 'logo', convert: (image) =>
    openImage(image).rotate().resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer() }
  );
}

export const newLogoKey = (causeId: string) => `causes/${causeId}/${randomUUID()}.webp`;
