import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/** Below this a response is sent as it is: the encoding's framing and the CPU cost outweigh the bytes saved. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli or gzip (what the client accepts, Brotli first) for every compressible response the app builds: API JSON,
 * the HTML shell, feeds. Brotli at quality 4 (the plugin's default for per-request work; the build's precompressed
 * assets use 11). Never compressed: responses that already carry a Content-Encoding (the precompressed `.br`/`.gz`
 * assets), event streams (hijacked replies that bypass onSend, and excluded by type too, so frames are never
 * buffered), and files marked with `sendUncompressed` (static files go out as built). Request bodies are not
 * decompressed: a gzip body could unpack far past the body limit.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
  });
});

/**
 * Leaves this response uncompressed: a static file has its precompressed copies from the build or is sent as built,
 * never compressed per request. (`@fastify/compress` skips a request carrying `x-no-compression`.)
 */
export function sendUncompressed(request: FastifyRequest): void {
  request.headers['x-no-compression'] = 'static file';
}
