import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { badRequest, HttpError } from './http-errors.ts';

/** Image formats an upload may have, as sharp names them. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * An image upload of one multipart field (`logo`, `photo`): the field also names the image in the messages,
 * and the errors point at it.
 */
export type ImageField = 'logo' | 'photo';

const fieldDetails = (field: ImageField, message: string) => [{ field, message }];
export const imageTooLarge = (field: ImageField) =>
  new HttpError(413, `The ${field} is larger than 5 MB`, 'uploads.tooLarge', fieldDetails(field, 'validation.fileTooLarge'));
export const imageWrongType = (field: ImageField) =>
  new HttpError(415, `The ${field} must be a JPEG, PNG or WebP image`, 'uploads.unsupportedType', fieldDetails(field, 'validation.unsupportedImageType'));

/** Reads the one file of a multipart request (field `field`) within the 5 MB limit. */
export async function readImageUpload(request: FastifyRequest, field: ImageField): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(`Send the ${field} as multipart/form-data`, 'uploads.notMultipart', fieldDetails(field, 'validation.required'));
  let content: Buffer;
  try {
    const file = await request.file();
    if (!file) throw badRequest(`No ${field} file was sent`, 'uploads.missingFile', fieldDetails(field, 'validation.required'));
    content = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge(field);
    throw error;
  }
  if (content.length === 0) throw badRequest(`The ${field} file is empty`, 'uploads.missingFile', fieldDetails(field, 'validation.required'));
  return content;
}

/**
 * Checks by its bytes (sharp's decoder, not the name or the declared type) that the image is JPEG, PNG or WebP,
 * then runs `convert` on it; any failure is a 415 for `field`.
 */
export async function convertImage<Result>(content: Buffer, field: ImageField, convert: (content: Buffer) => Promise<Result>): Promise<Result> {
  let format: string | undefined;
  try {
    format = (await sharp(content).metadata()).format;
  } catch {
    throw imageWrongType(field);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw imageWrongType(field);
  try {
    return await convert(content);
  } catch {
    throw imageWrongType(field);
  }
}
