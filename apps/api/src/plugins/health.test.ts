import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from '../../test/support/test-app.ts';

describe('GET /health', () => {
  // One auth attempt per minute: a probe must not be counted against any limit.
  const testApp = useTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1' } });

  it('answers 200 with the database ok, without sign-in, to every probe', async () => {
    for (let probe = 0; probe < 15; probe++) {
      const response = await fetch(`${testApp.baseUrl}/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
    }
  });

  it('answers 503 with the database unreachable when the database stops answering under a running server', async () => {
    const instance = await startTestApp();
    try {
      // The database goes away (PGlite closed; on PostgreSQL the test database is dropped): SELECT 1 fails.
      await instance.database.close();
      const response = await fetch(`${instance.baseUrl}/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'error', database: 'unreachable' });
    } finally {
      await instance.app.close();
    }
  });
});
