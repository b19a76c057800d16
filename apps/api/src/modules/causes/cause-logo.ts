import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { badRequest, HttpError } from '../../lib/http-errors.ts';

/** Longest side of a stored logo, in pixels. */
export const LOGO_MAX_SIDE = 512;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

const logoField = (message: string) => [{ field: 'logo', message }];
export const logoTooLarge = () => new HttpError(413, 'The logo is larger than 5 MB', 'uploads.tooLarge', logoField('validation.fileTooLarge'));
export const logoWrongType = () =>
  new HttpError(415, 'The logo must be a JPEG, PNG or WebP image', 'uploads.unsupportedType', logoField('validation.unsupportedImageType'));

/**
 * Reads the one file of a multipart request (field `logo`) within the 5 MB limit. The type is judged by the
 * bytes (sharp's decoder), not by the name or the declared content type.
 */
export async function readLogoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('Send the logo as multipart/form-data', 'uploads.notMultipart', logoField('validation.required'));
  let content: Buffer;
  try {
    const file = await request.file();
    if (!file) throw badRequest('No logo file was sent', 'uploads.missingFile', logoField('validation.required'));
    content = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw logoTooLarge();
    throw error;
  }
  if (content.length === 0) throw badRequest('The logo file is empty', 'uploads.missingFile', logoField('validation.required'));
  return content;
}

/** Checks the image is JPEG, PNG or WebP and turns it into a square-bounded WebP logo. */
export async function processLogo(content: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(content).metadata()).format;
  } catch {
    throw logoWrongType();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw logoWrongType();
  try {
    return await sharp(content)
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw logoWrongType();
  }
}

export const newLogoKey = (causeId: string) => `causes/${causeId}/${randomUUID()}.webp`;
