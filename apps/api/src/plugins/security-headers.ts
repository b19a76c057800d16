import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Env } from '../config/env.ts';

type CspDirectives = Record<string, string[]>;
type PolicySettings = Pick<Env, 'GOOGLE_CLIENT_ID' | 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'PUBLIC_URL'>;

/** Google Identity Services, as Google's CSP guide lists it: the client script, its iframe, its calls, its button style. */
const GOOGLE_SOURCES = {
  script: ['https://accounts.google.com/gsi/client'],
  frame: ['https://accounts.google.com/gsi/'],
  connect: ['https://accounts.google.com/gsi/'],
  style: ['https://accounts.google.com/gsi/style'],
};
/** Stripe.js: its script, its API, and the iframes of card fields and 3-D Secure. */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  style: [] as string[],
};

const isHttps = (env: PolicySettings) => env.PUBLIC_URL?.startsWith('https://') === true;

/**
 * The Content-Security-Policy of the web app and the API: everything from this origin, no inline script, no
 * plugins, no framing; third-party origins only for the integrations this deployment has configured.
 */
export function contentSecurityDirectives(env: PolicySettings): CspDirectives {
  const extras = [
    ...(env.GOOGLE_CLIENT_ID ? [GOOGLE_SOURCES] : []),
    ...(env.STRIPE_SECRET_KEY || env.STRIPE_PUBLISHABLE_KEY ? [STRIPE_SOURCES] : []),
  ];
  const withExtras = (base: string[], kind: keyof typeof GOOGLE_SOURCES) => [...base, ...extras.flatMap((sources) => sources[kind])];
  return {
    'default-src': ["'self'"],
    'script-src': withExtras(["'self'"], 'script'),
    'script-src-attr': ["'none'"],
    'style-src': withExtras(["'self'"], 'style'),
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': withExtras(["'self'"], 'connect'),
    'frame-src': withExtras(["'self'"], 'frame'),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Behind https, a stray http:// link to a subresource is upgraded instead of blocked; on plain http it would break.
    ...(isHttps(env) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The policy of the API reference (/docs): Swagger UI's bundle adds its styles as <style> elements, so styles
 * there may be inline; scripts stay files of this origin. Only that page gets it.
 */
export function docsContentSecurityDirectives(env: PolicySettings): CspDirectives {
  const directives = contentSecurityDirectives(env);
  return { ...directives, 'style-src': [...directives['style-src']!, "'unsafe-inline'"] };
}

/** Directives as a header value. */
export function formatPolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** Image types an upload is served as; any other file is a download. */
const UPLOAD_IMAGE_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/** An uploaded file cannot become a page of this origin: no script, no plugin, sandboxed, never sniffed. */
export const UPLOAD_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

/** `setHeaders` of the uploads folder (@fastify/static): images as images, anything else as an attachment. */
export function setUploadHeaders(reply: FastifyReply, filePath: string): void {
  const imageType = UPLOAD_IMAGE_TYPES[path.extname(filePath).toLowerCase()];
  reply.header('content-security-policy', UPLOAD_CONTENT_SECURITY_POLICY);
  reply.header('x-content-type-options', 'nosniff');
  if (imageType) {
    reply.header('content-type', imageType);
  } else {
    reply.header('content-type', 'application/octet-stream');
    reply.header('content-disposition', 'attachment');
  }
}

/**
 * Security headers on every response (set on the raw response in onRequest, so JSON, HTML, static files, errors,
 * 404s and the hijacked live streams all carry them). Helmet's middleware is built once: @fastify/helmet rebuilt it
 * (parsing the policy again) in each request, which cost more CPU than the viewer's database query.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: { env: PolicySettings }) => {
  const { env } = options;
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(env) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Google's sign-in popup has to reach back to the page that opened it.
    crossOriginOpenerPolicy: { policy: env.GOOGLE_CLIENT_ID ? 'same-origin-allow-popups' : 'same-origin' },
    strictTransportSecurity: isHttps(env) ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
});
