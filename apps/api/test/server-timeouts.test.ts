import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.ts';
import { halfSentJsonPost, openRawConnection } from './support/raw-http.ts';

describe('server timeouts', () => {
  const testApp = useTestApp({ env: { REQUEST_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '300' } });
  const idleApp = useTestApp({ env: { CONNECTION_TIMEOUT_MS: '500' } });

  it('answers 408 to a request that is not fully received within REQUEST_TIMEOUT_MS', async () => {
    const connection = await openRawConnection(testApp.baseUrl);
    connection.socket.write(halfSentJsonPost({ path: '/v1/auth/sign-in', sent: '{"email":', promisedLength: 200 }));
    await connection.waitFor(/^HTTP\/1\.1 408 /, 5000);
    await connection.closed;
  });

  it('closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const connection = await openRawConnection(testApp.baseUrl);
    connection.socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    await connection.waitFor(/^HTTP\/1\.1 200 [\s\S]*"database":"ok"/);
    // Without the setting the connection would stay open for the connection timeout (2 minutes).
    expect(await connection.closed).toBeLessThan(5000);
  });

  it('closes a connection that sends nothing within CONNECTION_TIMEOUT_MS', async () => {
    const connection = await openRawConnection(idleApp.baseUrl);
    expect(await connection.closed).toBeLessThan(5000);
    expect(connection.received()).toBe('');
  });
});
