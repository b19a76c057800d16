import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { DEFAULT_DEPOSIT_PERCENT, DEFAULT_PLATFORM_FEE_PERCENT } from '@goodtable/shared';

const milliseconds = z.coerce.number().int().min(1).max(2_147_483_647);

const booleanFromString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** An address (`10.0.0.1`, `::1`) or a CIDR block (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies' `X-Forwarded-For` is believed (Fastify `trustProxy`): off (`false`, the default: the client is
 * the TCP peer), a hop count, or addresses/CIDRs of the proxies. `true` is refused: it lets any client pick the
 * address every rate limit is keyed on.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((value, context): false | number | string[] => {
    const trimmed = value.trim();
    if (trimmed === 'false' || trimmed === '0') return false;
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    const addresses = trimmed.split(',').map((item) => item.trim()).filter(Boolean);
    const wrong = addresses.filter((item) => !isAddressOrCidr(item));
    if (addresses.length === 0 || wrong.length > 0) {
      context.addIssue({ code: 'custom', message: `must be false, a hop count or a comma-separated list of addresses/CIDRs (not ${wrong.join(', ') || 'empty'})` });
      return z.NEVER;
    }
    return addresses;
  });

/** Every environment variable the API reads, validated at start-up (docs/architecture.md, Layers). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Public address of the web app, used in links inside emails. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL server; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL: longest wait for a pooled connection (a free one, or a new one connecting); then 503. */
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds.default(4_000),
  /** PostgreSQL: the server cancels a statement (a lock wait included) that runs longer than this; then 503. */
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds.default(4_000),
  /** PostgreSQL: the API stops waiting for an answer to a query after this (a frozen server), drops the connection; then 503. */
  DATABASE_QUERY_TIMEOUT_MS: milliseconds.default(4_500),
  /** Seed demo data into an empty database; default: on, except when NODE_ENV=production. */
  SEED_DEMO: booleanFromString.optional(),
  /** Requests allowed per client address per minute on each rate-limited auth endpoint. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  /** Attempts per account per 15 minutes: sign-ins by the email tried, emails sent to one address, emails one account sends. */
  ACCOUNT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  /** Image uploads per account per 10 minutes. */
  UPLOAD_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60),
  TRUST_PROXY: trustProxySchema,
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * How long an instance trusts a session it looked up (0: ask the database on every request). A revocation takes
   * effect at once on the instance that made it, within this time on the others.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Milliseconds between heartbeat comments on live event streams (tests shorten it). */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(10).default(15_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built web app that the API serves; empty string disables serving it. */
  WEB_DIST_DIR: z.string().optional(),
  /** Longest time to receive a whole request (headers and body) from a client. */
  REQUEST_TIMEOUT_MS: milliseconds.default(60_000),
  /** A connection with no activity for this long is closed (a long-lived stream must send within it). */
  CONNECTION_TIMEOUT_MS: milliseconds.default(120_000),
  /** An idle keep-alive connection stays open this long; above the usual 60 s of load balancers, which close first. */
  KEEP_ALIVE_TIMEOUT_MS: milliseconds.default(72_000),
  /** After SIGTERM/SIGINT, in-flight requests get this long to finish before the process exits with 1. */
  SHUTDOWN_TIMEOUT_MS: milliseconds.default(10_000),
  /** Outgoing mail server, e.g. smtp://user:pass@smtp.example.com:587 or smtps://…; unset: the dev mailbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  /** Where messages sent through /contact go. */
  SUPPORT_EMAIL: z.email().default('support@goodtable.local'),
  /** Platform fee on ticket revenue, in percent (docs/product.md, Money). */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_PLATFORM_FEE_PERCENT),
  /** Deposit of menu price × minimum guests, in percent (docs/product.md, Money). */
  DEPOSIT_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_DEPOSIT_PERCENT),
  /** Sender of every email. */
  MAIL_FROM: z.string().default('GoodTable <no-reply@goodtable.local>'),
  /** Serve the dev mailbox at /dev/mailbox when SMTP_URL is unset (default: on, except in production). */
  DEV_MAILBOX: booleanFromString.optional(),
  /** OAuth client id of Google Identity Services; unset hides the Google button and disables POST /v1/auth/google. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  /** Where Google's signing keys are published; tests point it at a local key set. */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Accepted `iss` values of Google ID tokens, comma-separated. */
  GOOGLE_ISSUERS: z
    .string()
    .default('https://accounts.google.com,accounts.google.com')
    .transform((value) => value.split(',').map((issuer) => issuer.trim()).filter(Boolean)),
  /** Hours a restaurant has to answer a booking request (submit or change of time) before it is cancelled. */
  BOOKING_RESPONSE_HOURS: z.coerce.number().int().min(1).max(8760).default(72),
  /** Hours a client has to pay the deposit of an accepted booking before it is cancelled. */
  BOOKING_DEPOSIT_HOURS: z.coerce.number().int().min(1).max(8760).default(72),
  /** Days after the restaurant marks an event complete until the system confirms it for the client. */
  BOOKING_AUTO_COMPLETE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /**
   * Business days (Mon–Fri, UTC) a BECS Direct Debit stays `processing` with the local provider before it clears or
   * fails, like a real debit (Stripe: up to 3 business days).
   */
  BECS_PROCESSING_BUSINESS_DAYS: z.coerce.number().int().min(0).max(30).default(3),
  /** A fixed BECS processing delay in minutes instead (end-to-end tests and demos: a short move of the business clock). */
  BECS_PROCESSING_MINUTES: z.coerce.number().int().min(0).max(100_000).optional(),
  /** The platform's bank account clients pay bank transfers (`BANK_DEPOSIT`) into: AUD bookings. */
  BANK_TRANSFER_ACCOUNT_NAME: z.string().default('GoodTable Pty Ltd'),
  BANK_TRANSFER_BANK_NAME: z.string().default('Commonwealth Bank of Australia'),
  BANK_TRANSFER_BSB: z.string().default('062-000'),
  BANK_TRANSFER_ACCOUNT_NUMBER: z.string().default('12345678'),
  /** …and VND bookings (Vietnamese banks have no BSB). */
  BANK_TRANSFER_VN_BANK_NAME: z.string().default('Vietcombank'),
  BANK_TRANSFER_VN_ACCOUNT_NUMBER: z.string().default('0071000123456'),
  /**
   * Stripe secret key: set, payments go through Stripe (PaymentIntents, Connect transfers) instead of the local
   * provider; it also opens the Content-Security-Policy to Stripe.js.
   */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Stripe publishable key for Stripe.js in the browser (`GET /v1/config`); set, it opens the Content-Security-Policy to Stripe.js. */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Signing secret of the Stripe webhook endpoint (`whsec_…`) for `POST /v1/payments/webhooks/stripe`; unset, that route answers 404. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * Signing secret of the Stripe *Connect* webhook endpoint (events on connected accounts: `account.updated`), which
   * Stripe keeps apart from the account endpoint with its own secret; it may point at the same URL.
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe SDK sends requests (default api.stripe.com:443 over https); the tests point it at a local fake. */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /**
   * Where uploaded files are kept: `local` (DATA_DIR/uploads, one instance's disk), `postgres` (a table of the
   * database) or `s3` (an S3-compatible bucket). Default: `postgres` when DATABASE_URL is set, else `local`.
   */
  FILE_STORAGE: z.enum(['local', 'postgres', 's3']).optional(),
  /** Bucket of FILE_STORAGE=s3; credentials come from the standard AWS variables (AWS_ACCESS_KEY_ID, …). */
  S3_BUCKET: z.string().optional(),
  /** An S3-compatible server (MinIO, R2, …) instead of AWS; set, objects are addressed path-style. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
})
  .refine((env) => env.FILE_STORAGE !== 's3' || Boolean(env.S3_BUCKET), { path: ['S3_BUCKET'], message: 'is required when FILE_STORAGE=s3' })
  .transform((env) => ({
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    FILE_STORAGE: env.FILE_STORAGE ?? (env.DATABASE_URL ? 'postgres' : 'local'),
  }));
export type Env = z.infer<typeof envSchema>;

/** Variables where an empty value means "off" rather than "unset": an empty WEB_DIST_DIR serves no web app. */
const EMPTY_MEANS_OFF = new Set(['WEB_DIST_DIR']);

/** Parses the environment; a wrong value stops the process with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([name, value]) => value !== '' || EMPTY_MEANS_OFF.has(name)));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}

/**
 * The environment with the variables of a `.env` file added (when the file exists); variables already in the
 * environment win, so a deployment's real settings are never overridden by a forgotten file.
 */
/** How long the API waits on PostgreSQL (DATABASE_*_TIMEOUT_MS), as `openDatabase` takes it. */
export function databaseTimeoutsOf(env: Pick<Env, 'DATABASE_CONNECT_TIMEOUT_MS' | 'DATABASE_STATEMENT_TIMEOUT_MS' | 'DATABASE_QUERY_TIMEOUT_MS'>) {
  return { connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS, queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS };
}

export function withEnvFile(source: NodeJS.ProcessEnv, envFilePath: string): NodeJS.ProcessEnv {
  if (!fs.existsSync(envFilePath)) return source;
  return { ...parseEnv(fs.readFileSync(envFilePath, 'utf8')), ...source };
}

/** Address of the web app for links in emails: PUBLIC_URL, else this server on localhost. */
export function publicUrl(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

/** The nearest folder at or above `start` holding a package.json. */
function packageRoot(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No package.json above ${start}`);
  }
}

/** apps/api, found the same way from the source (src/config) and from the bundle (dist). */
export const apiRoot = packageRoot(import.meta.dirname);
export const repoRoot = path.resolve(apiRoot, '../..');
