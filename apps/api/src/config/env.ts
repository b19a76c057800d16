import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';

const milliseconds = z.coerce.number().int().min(1).max(2_147_483_647);

const booleanFromString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the API reads, validated at start-up (DESIGN.md §2). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Public address of the web app, used in links inside emails. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL server; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  DATA_DIR: z.string().default('./data'),
  /** Seed demo data into an empty database; default: on, except when NODE_ENV=production. */
  SEED_DEMO: booleanFromString.optional(),
  /** Requests allowed per client address per minute on each rate-limited auth endpoint. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
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
}).transform((env) => ({ ...env, SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production' }));
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
