import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';

/**
 * The embedded database on disk (what `npm start` opens without DATABASE_URL): a new data directory is created in a
 * child process (so initdb's memory is not kept by the server), then opened, migrated and reopened like any other.
 */
describe('the embedded PGlite database on disk', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-embedded-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is created on first open, keeps its data across a reopen, and runs with 32 MB of shared buffers', { timeout: 120_000 }, async () => {
    const first = await openDatabase({ dataDir });
    await first.migrate();
    await first.db.execute(sql`create table embedded_check (note text)`);
    await first.db.execute(sql`insert into embedded_check values ('kept')`);
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);

    const again = await openDatabase({ dataDir });
    try {
      const kept = (await again.db.execute(sql`select note from embedded_check`)) as unknown as { rows: { note: string }[] };
      expect(kept.rows).toEqual([{ note: 'kept' }]);
      const buffers = (await again.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
      expect(buffers.rows[0]?.shared_buffers).toBe('32MB');
    } finally {
      await again.close();
    }
  });
});
