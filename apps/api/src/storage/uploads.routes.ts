import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/domain-errors.ts';
import { setUploadHeaders } from '../plugins/security-headers.ts';
import { isSafeStorageKey, UPLOADS_PREFIX, type FileStorage } from './file-storage.ts';

/** A key's content never changes (every upload gets a new key), so a browser or CDN may keep it for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Whether an `If-None-Match` header names `etag` (a list, weak tags, or `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * `/uploads/<key>` for every store (docs/decisions/0295-shared-file-storage.md): the local disk through
 * @fastify/static as before; the shared stores (PostgreSQL, S3) read through `storage`, with an ETag and a year of
 * caching. Either way the headers of setUploadHeaders apply: images as images, anything else as a sandboxed download.
 */
export async function uploadsRoutes(app: FastifyInstance, options: { storage: FileStorage; localDir?: string }): Promise<void> {
  const { storage, localDir } = options;
  if (storage.kind === 'local' && localDir) {
    await app.register(fastifyStatic, { root: localDir, prefix: UPLOADS_PREFIX, decorateReply: false, setHeaders: setUploadHeaders });
    return;
  }
  app.get(`${UPLOADS_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = isSafeStorageKey(key) ? await storage.read(key) : undefined;
    if (!file) throw notFound('No such file', 'common.notFound');
    setUploadHeaders(reply, key);
    reply.header('etag', file.etag).header('cache-control', IMMUTABLE_CACHE_CONTROL);
    if (matchesEtag(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
    return reply.send(file.content);
  });
}
