import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv, withEnvFile } from './env.ts';

describe('WEB_DIST_DIR', () => {
  it('serves apps/web/dist when unset and nothing when set to an empty string', () => {
    expect(loadEnv({}).WEB_DIST_DIR).toBeUndefined();
    expect(loadEnv({ WEB_DIST_DIR: '' }).WEB_DIST_DIR).toBe('');
    expect(loadEnv({ WEB_DIST_DIR: '/srv/web' }).WEB_DIST_DIR).toBe('/srv/web');
  });

  it('still treats other empty variables as unset, as in .env.example', () => {
    const env = loadEnv({ PUBLIC_URL: '', DATABASE_URL: '', PORT: '' });
    expect(env.PUBLIC_URL).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
  });
});

describe('FILE_STORAGE', () => {
  it('keeps files on the local disk with the embedded database and in the database when DATABASE_URL is set', () => {
    expect(loadEnv({}).FILE_STORAGE).toBe('local');
    expect(loadEnv({ FILE_STORAGE: '' }).FILE_STORAGE).toBe('local');
    expect(loadEnv({ DATABASE_URL: 'postgres://db.internal/goodtable' }).FILE_STORAGE).toBe('postgres');
    expect(loadEnv({ DATABASE_URL: 'postgres://db.internal/goodtable', FILE_STORAGE: 'local' }).FILE_STORAGE).toBe('local');
  });

  it('needs a bucket for the S3 store and refuses an unknown store, naming the variable', () => {
    expect(() => loadEnv({ FILE_STORAGE: 's3' })).toThrow(/S3_BUCKET: is required when FILE_STORAGE=s3/);
    expect(loadEnv({ FILE_STORAGE: 's3', S3_BUCKET: 'uploads' })).toMatchObject({ FILE_STORAGE: 's3', S3_BUCKET: 'uploads', S3_REGION: 'us-east-1' });
    expect(() => loadEnv({ FILE_STORAGE: 'floppy' })).toThrow(/FILE_STORAGE/);
    expect(() => loadEnv({ FILE_STORAGE: 's3', S3_BUCKET: 'uploads', S3_ENDPOINT: 'minio' })).toThrow(/S3_ENDPOINT/);
  });
});

describe('SEED_DEMO', () => {
  it('seeds demo data by default outside production only', () => {
    expect(loadEnv({}).SEED_DEMO).toBe(true);
    expect(loadEnv({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    expect(loadEnv({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true);
    expect(loadEnv({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
  });

  it('follows an explicit value whatever NODE_ENV says', () => {
    expect(loadEnv({ NODE_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadEnv({ NODE_ENV: 'development', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', SEED_DEMO: '' }).SEED_DEMO).toBe(false);
  });
});

describe('server timeouts and shutdown deadline', () => {
  it('has defaults', () => {
    expect(loadEnv({})).toMatchObject({
      REQUEST_TIMEOUT_MS: 60_000,
      CONNECTION_TIMEOUT_MS: 120_000,
      KEEP_ALIVE_TIMEOUT_MS: 72_000,
      SHUTDOWN_TIMEOUT_MS: 10_000,
    });
  });

  it('takes whole milliseconds and refuses anything else, naming the variable', () => {
    expect(loadEnv({ REQUEST_TIMEOUT_MS: '5000', SHUTDOWN_TIMEOUT_MS: '2500' })).toMatchObject({ REQUEST_TIMEOUT_MS: 5000, SHUTDOWN_TIMEOUT_MS: 2500 });
    expect(() => loadEnv({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadEnv({ KEEP_ALIVE_TIMEOUT_MS: 'soon' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
    expect(() => loadEnv({ CONNECTION_TIMEOUT_MS: '-1' })).toThrow(/CONNECTION_TIMEOUT_MS/);
    expect(() => loadEnv({ SHUTDOWN_TIMEOUT_MS: '1.5' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });
});

describe('.env file', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });
  function envFile(content: string): string {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-env-'));
    folders.push(folder);
    const file = path.join(folder, '.env');
    fs.writeFileSync(file, content);
    return file;
  }

  it('adds the variables of the file to the environment', () => {
    const file = envFile('# comment\nPORT=4100\nMAIL_FROM="GoodTable <hello@example.com>"\n');
    const env = loadEnv(withEnvFile({}, file));
    expect(env.PORT).toBe(4100);
    expect(env.MAIL_FROM).toBe('GoodTable <hello@example.com>');
  });

  it('lets real environment variables win over the file', () => {
    const file = envFile('PORT=4100\nLOG_LEVEL=debug\n');
    expect(loadEnv(withEnvFile({ PORT: '5200' }, file))).toMatchObject({ PORT: 5200, LOG_LEVEL: 'debug' });
  });

  it('is optional', () => {
    expect(withEnvFile({ PORT: '5200' }, path.join(os.tmpdir(), 'no-such-folder-goodtable', '.env'))).toEqual({ PORT: '5200' });
  });

  it('is validated like the environment', () => {
    const file = envFile('PORT=eighty\n');
    expect(() => loadEnv(withEnvFile({}, file))).toThrow(/PORT/);
  });
});
