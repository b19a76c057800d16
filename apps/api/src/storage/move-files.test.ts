import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.ts';
import { createLocalFileStorage, type FileStorage } from './file-storage.ts';
import { createPostgresFileStorage } from './postgres-file-storage.ts';
import { moveFiles } from './move-files.ts';

const webp = (text: string) => ({ content: Buffer.from(`RIFF${text}WEBP`), contentType: 'image/webp' });

async function keysOf(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.keys()) keys.push(key);
  return keys.sort();
}

describe('moving files between stores', () => {
  let dir: string;
  let database: TestDatabase;
  let local: FileStorage;
  let postgres: FileStorage;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-move-'));
    database = await createTestDatabase();
    local = createLocalFileStorage(dir);
    postgres = createPostgresFileStorage(database.db);
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies every file the target lacks, skips those it has, and does nothing more when run again', async () => {
    await local.put('restaurants/r1/a.webp', webp('a'));
    await local.put('restaurants/r1/a-thumb.webp', webp('a small'));
    await local.put('causes/c1/logo.webp', webp('logo'));
    await postgres.put('causes/c1/logo.webp', webp('logo'));

    const lines: string[] = [];
    const first = await moveFiles({ from: local, to: postgres, onFile: (line) => lines.push(line) });
    expect(first).toEqual({ copied: 2, alreadyThere: 1, deletedFromSource: 0 });
    expect(lines.sort()).toEqual(['copied restaurants/r1/a-thumb.webp', 'copied restaurants/r1/a.webp']);
    const copied = await postgres.read('restaurants/r1/a.webp');
    expect(copied?.content.toString()).toBe('RIFFaWEBP');
    expect(copied?.contentType).toBe('image/webp');

    expect(await moveFiles({ from: local, to: postgres })).toEqual({ copied: 0, alreadyThere: 3, deletedFromSource: 0 });
    expect(await keysOf(local)).toEqual(['causes/c1/logo.webp', 'restaurants/r1/a-thumb.webp', 'restaurants/r1/a.webp']);
  });

  it('empties the source when asked to delete it, after every file is in the target', async () => {
    await local.put('restaurants/r2/b.webp', webp('b'));
    expect(await moveFiles({ from: local, to: postgres, deleteSource: true })).toEqual({ copied: 1, alreadyThere: 3, deletedFromSource: 4 });
    expect(await keysOf(local)).toEqual([]);
    expect(await keysOf(postgres)).toEqual(['causes/c1/logo.webp', 'restaurants/r1/a-thumb.webp', 'restaurants/r1/a.webp', 'restaurants/r2/b.webp']);
    expect(await moveFiles({ from: local, to: postgres, deleteSource: true })).toEqual({ copied: 0, alreadyThere: 0, deletedFromSource: 0 });
  });
});

/** Each run starts Node with TypeScript and, for a move, a new embedded database: seconds of start-up each. */
const COMMAND_TIMEOUT_MS = 240_000;

describe('npm run storage:move', () => {
  const runCommand = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/storage/move-files-command.ts', ...args], {
      cwd: apiRoot,
      env: { PATH: process.env.PATH ?? '', ...env },
    });

  it('moves the uploads folder of DATA_DIR into the database and reports what it did', { timeout: COMMAND_TIMEOUT_MS }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-move-command-'));
    try {
      const local = createLocalFileStorage(path.join(dataDir, 'uploads'));
      await local.put('restaurants/r1/photo.webp', webp('photo'));
      const env = { DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
      const moved = await runCommand(['--from', 'local', '--to', 'postgres'], env);
      expect(moved.stdout).toContain('copied restaurants/r1/photo.webp');
      expect(moved.stdout).toContain('storage:move local -> postgres: 1 copied, 0 already there, 0 deleted from local');
      const again = await runCommand(['--from', 'local', '--to', 'postgres'], env);
      expect(again.stdout).toContain('0 copied, 1 already there');

      const database = await openDatabase({ dataDir });
      try {
        expect((await createPostgresFileStorage(database.db).read('restaurants/r1/photo.webp'))?.content.toString()).toBe('RIFFphotoWEBP');
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown store, naming the argument', { timeout: COMMAND_TIMEOUT_MS }, async () => {
    const refused = runCommand(['--from', 'floppy', '--to', 'postgres'], { DATA_DIR: os.tmpdir() });
    await expect(refused).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--from must be one of local, postgres, s3') });
  });
});
