import { beforeAll, describe, expect, it } from 'vitest';
import { apiOperations, fetchOpenApiDocument, fillPath, type ApiOperation, type OpenApiDocument } from '../support/openapi.ts';
import { closeAfterFirstChunk } from '../support/sse-client.ts';
import { useTestApp } from '../support/test-app.ts';
import { AUTHORIZATION_RULES, expectedOutcome, ruleCoverage, type AuthorizationRule, type Caller, type Ownership } from './authorization-rules.ts';
import { ACTORS, buildSecurityWorld, type SecurityWorld } from './security-world.ts';

/** Every operation of the OpenAPI document × every caller × own/someone else's: the answer matches the rule. */
describe('authorization matrix (generated from /docs/json)', () => {
  let document: OpenApiDocument;
  let operations: ApiOperation[];
  let world: SecurityWorld;

  const testApp = useTestApp();
  beforeAll(async () => {
    document = await fetchOpenApiDocument(testApp.baseUrl);
    operations = apiOperations(document);
    world = await buildSecurityWorld(testApp.baseUrl);
  }, 120_000);

  it('has a rule for every operation of the document, and none for operations that do not exist', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(ruleCoverage(operations.map((operation) => operation.id), AUTHORIZATION_RULES)).toEqual({ missing: [], unknown: [] });
  });

  it('fails the coverage check for a new route without a rule', () => {
    const withNewRoute: OpenApiDocument = { paths: { ...document.paths, '/v1/bookings/{id}/refund': { post: { security: [{ bearerAuth: [] }] } } } };
    const ids = apiOperations(withNewRoute).map((operation) => operation.id);
    expect(ruleCoverage(ids, AUTHORIZATION_RULES).missing).toEqual(['POST /v1/bookings/{id}/refund']);
  });

  async function call(operation: ApiOperation, { rule, caller, ownership }: { rule: AuthorizationRule; caller: Caller; ownership: Ownership }): Promise<number> {
    const params = rule.params?.(world, { caller, ownership }) ?? {};
    const url = new URL(fillPath(operation.path, { values: params }) + (rule.query ? `?${rule.query}` : ''), testApp.baseUrl);
    const headers: Record<string, string> = { ...rule.headers };
    if (caller !== 'signedOut') headers.authorization = `Bearer ${rule.freshSession ? await world.signInAgain(caller) : world.accounts[caller].token}`;
    let body: FormData | string | undefined;
    if (rule.upload) {
      const form = new FormData();
      form.append(rule.upload, new Blob([new Uint8Array(world.image)], { type: 'image/png' }), 'image.png');
      body = form;
    } else if (rule.body) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(rule.body(world, { caller, ownership }));
    }
    const response = await fetch(url, { method: operation.method, headers, body });
    // A live stream never ends by itself: its status is the answer.
    if (rule.stream) await closeAfterFirstChunk(response);
    else await response.arrayBuffer();
    return response.status;
  }

  function matches(expectation: ReturnType<typeof expectedOutcome>, status: number): boolean {
    if (status >= 500) return false;
    if (expectation === 'through') return status !== 401 && status !== 403;
    if (expectation === 'unauthenticated') return status === 401;
    if (expectation === 'forbidden') return status === 403;
    return status === 403 || status === 404;
  }

  it('answers every operation for every caller as its rule says', async () => {
    const problems: string[] = [];
    let calls = 0;
    for (const operation of operations) {
      const rule = AUTHORIZATION_RULES[operation.id];
      if (!rule) continue;
      for (const caller of ['signedOut', ...ACTORS] as const) {
        const ownerships: Ownership[] = !rule.owners || caller === 'signedOut' ? ['own'] : rule.owners.includes(caller as never) ? ['own', 'other'] : ['other'];
        for (const ownership of ownerships) {
          const expectation = expectedOutcome(rule, { caller, ownership });
          const status = await call(operation, { rule, caller, ownership });
          calls += 1;
          if (!matches(expectation, status)) problems.push(`${operation.id} as ${caller} (${ownership}): expected ${expectation}, got ${status}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(300);
  }, 180_000);
});
