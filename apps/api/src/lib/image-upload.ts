import type { FastifyRequest } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { DomainError } from './domain-errors.ts';
import { createWorkQueue } from './work-queue.ts';

/** Image formats an upload may have, as sharp names them. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** Largest image accepted, in pixels (40 megapixels): a tiny file can declare a huge canvas that costs seconds of CPU. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Images decoded at the same time; the others wait (the libuv threadpool is shared with crypto and files). */
export const IMAGE_PROCESSING_CONCURRENCY = 2;

// One libvips thread per image: the queue, not libvips, decides how many cores image work takes.
sharp.concurrency(1);
// No libvips operation cache (50 MB by default): every image is decoded once, so it only held memory.
sharp.cache(false);
const imageQueue = createWorkQueue(IMAGE_PROCESSING_CONCURRENCY);

/**
 * An image upload of one multipart field (`logo`, `photo`): the field also names the image in the messages,
 * and the errors point at it.
 */
export type ImageField = 'logo' | 'photo';

const fieldDetails = (field: ImageField, message: string) => [{ field, message }];
export const imageTooLarge = (field: ImageField) =>
  new DomainError('tooLarge', { message: `The ${field} is larger than 5 MB`, code: 'uploads.tooLarge', details: fieldDetails(field, 'validation.fileTooLarge') });
export const imageTooManyPixels = (field: ImageField) =>
  new DomainError('tooLarge', { message: `The ${field} is larger than 40 megapixels`, code: 'uploads.tooManyPixels', details: fieldDetails(field, 'validation.imageTooManyPixels') });
export const imageWrongType = (field: ImageField) =>
  new DomainError('unsupportedType', { message: `The ${field} must be a JPEG, PNG or WebP image`, code: 'uploads.unsupportedType', details: fieldDetails(field, 'validation.unsupportedImageType') });
const malformedUpload = (field: ImageField) =>
  new DomainError('invalid', { message: `The ${field} upload is not a well-formed multipart/form-data body`, code: 'uploads.malformed', details: fieldDetails(field, 'validation.malformedUpload') });

/** Errors of the multipart parser (busboy, @fastify/multipart) that mean the client sent a broken body. */
function isMalformedMultipart(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') return true;
  return typeof message === 'string' && /boundary|unexpected end of form|malformed|multipart/i.test(message);
}

/** Reads the one file of a multipart request (field `field`) within the 5 MB limit; a broken body is a 400. */
export async function readImageUpload(request: FastifyRequest, field: ImageField): Promise<Buffer> {
  if (!request.isMultipart()) throw new DomainError('invalid', { message: `Send the ${field} as multipart/form-data`, code: 'uploads.notMultipart', details: fieldDetails(field, 'validation.required') });
  let content: Buffer;
  try {
    const file = await request.file();
    if (!file) throw new DomainError('invalid', { message: `No ${field} file was sent`, code: 'uploads.missingFile', details: fieldDetails(field, 'validation.required') });
    content = await file.toBuffer();
    // The parser may end a file at the limit without throwing (busboy's `limit` event racing the end of the part):
    // a cut-short file is too large, never a smaller image or a broken one.
    if (file.file.truncated) throw imageTooLarge(field);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge(field);
    if (isMalformedMultipart(error)) throw malformedUpload(field);
    throw error;
  }
  if (content.length === 0) throw new DomainError('invalid', { message: `The ${field} file is empty`, code: 'uploads.missingFile', details: fieldDetails(field, 'validation.required') });
  return content;
}

/** sharp over an upload, refusing to decode more than MAX_IMAGE_PIXELS whatever the header said. */
export const openImage = (content: Buffer) => sharp(content, { limitInputPixels: MAX_IMAGE_PIXELS });

/**
 * Checks by its header (sharp's `metadata()` reads no pixels) that the image is JPEG, PNG or WebP of at most
 * 40 megapixels, then runs `convert` on it in the image queue; an undecodable image is a 415 for `field`.
 */
export async function convertImage<Result>({ content, field, convert }: { content: Buffer; field: ImageField; convert: (content: Buffer) => Promise<Result> }): Promise<Result> {
  let metadata: Metadata;
  try {
    metadata = await sharp(content).metadata();
  } catch {
    throw imageWrongType(field);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw imageWrongType(field);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) * (metadata.pages ?? 1) > MAX_IMAGE_PIXELS) throw imageTooManyPixels(field);
  return imageQueue.run(async () => {
    try {
      return await convert(content);
    } catch (error) {
      if (/pixel limit/i.test((error as Error).message ?? '')) throw imageTooManyPixels(field);
      throw imageWrongType(field);
    }
  });
}
