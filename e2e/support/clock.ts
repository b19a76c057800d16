import { expect, type APIRequestContext } from '@playwright/test';

/** Moves the server's business clock forward (POST /dev/clock); its due jobs then run as they would in that time. */
export async function moveClock(request: APIRequestContext, advanceMs: number): Promise<void> {
  const moved = await request.post('/dev/clock', { data: { advance_ms: advanceMs } });
  expect(moved.status(), `move the clock: ${await moved.text()}`).toBe(200);
}
