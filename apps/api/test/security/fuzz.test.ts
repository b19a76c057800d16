import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiOperations, fetchOpenApiDocument, fillPath, type ApiOperation } from '../support/openapi.ts';
import { closeAfterFirstChunk } from '../support/sse-client.ts';
import { useTestApp } from '../support/test-app.ts';
import { AUTHORIZATION_RULES, type Caller } from './authorization-rules.ts';
import { buildSecurityWorld, type SecurityWorld } from './security-world.ts';

/** Fixed seed and bounded runs: the same inputs every time, about a minute per database. */
const SEED = 20_261_123;
const RUNS_PER_OPERATION = 12;

/** Values a careless or hostile client sends where something else is expected. */
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\u202e\u0007', '💥'.repeat(30), 'NaN', 'Infinity', '-1', '1e309', '../../etc/passwd', "'; drop table users; --", '%00', '{{7*7}}', '<script>x</script>'),
  fc.constant('x'.repeat(200_000)),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, 2 ** 64, -0),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** Path values: well-formed ids, junk, and raw escapes that decode to control characters or separators. */
const pathValue = fc.oneof(
  fc.uuid().map((value) => ({ value, raw: false })),
  fc.string({ maxLength: 60 }).map((value) => ({ value, raw: false })),
  fc.constantFrom('%00', '%C0%AE', '..%2F..', '%FF', 'a%00b', '%E2%80%AE', 'x'.repeat(3000)).map((value) => ({ value, raw: true })),
);

type Payload = { contentType?: string; body?: string };

function payloadFor(operation: ApiOperation): fc.Arbitrary<Payload> {
  const names = Object.keys(operation.body?.properties ?? {});
  const fields = names.length > 0 ? fc.record(Object.fromEntries(names.map((name) => [name, junkValue])), { requiredKeys: [] }) : fc.constant({});
  const json = fc.oneof(fields, fc.anything({ maxDepth: 3 }), junkValue).map((value) => ({ contentType: 'application/json', body: JSON.stringify(value) ?? 'null' }));
  const brokenJson = fc.constantFrom('{', '{"a":', 'NaN', '[1,2', '\u0000', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}').map((body) => ({ contentType: 'application/json', body }));
  const otherTypes = fc
    .tuple(fc.constantFrom('multipart/form-data; boundary=zz', 'multipart/form-data', 'text/plain', 'application/x-www-form-urlencoded', 'image/png', 'application/json; charset=latin1'), fc.string({ maxLength: 200 }))
    .map(([contentType, body]) => ({ contentType, body }));
  return fc.oneof({ weight: 4, arbitrary: json }, { weight: 1, arbitrary: brokenJson }, { weight: 1, arbitrary: otherTypes }, { weight: 1, arbitrary: fc.constant({}) });
}

describe('schema-driven fuzzing: malformed input never gets a 5xx', () => {
  let operations: ApiOperation[];
  let world: SecurityWorld;

  const testApp = useTestApp();
  beforeAll(async () => {
    operations = apiOperations(await fetchOpenApiDocument(testApp.baseUrl));
    world = await buildSecurityWorld(testApp.baseUrl);
  }, 120_000);

  /** A caller the operation admits, so the input reaches the handler and not just the role gate. */
  function callerOf(operation: ApiOperation): Caller {
    const admits = AUTHORIZATION_RULES[operation.id]?.admits ?? 'anyone';
    if (admits === 'anyone') return 'signedOut';
    return admits === 'signed-in' ? 'user' : admits[0]!;
  }

  it('answers every operation below 500 for junk bodies, parameters and queries', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const caller = callerOf(operation);
      const rule = AUTHORIZATION_RULES[operation.id];
      const ownParams = rule?.params?.(world, { caller, ownership: 'own' }) ?? {};
      const pathNames = operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
      const queryNames = operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
      const input = fc.record({
        // Half the time the caller's own ids, so the body reaches the service.
        path: fc.oneof(fc.constant(null), fc.record(Object.fromEntries(pathNames.map((name) => [name, pathValue])))),
        query: fc.dictionary(fc.constantFrom(...queryNames, 'unexpected', '__proto__'), fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('%00', 'NaN', '-1', '1e99', 'x'.repeat(5000))), { maxKeys: 3 }),
        payload: payloadFor(operation),
      });
      try {
        await fc.assert(
          fc.asyncProperty(input, async ({ path, query, payload }) => {
            const raw = path !== null && Object.values(path).some((item) => item.raw);
            const values = path === null ? ownParams : Object.fromEntries(Object.entries(path).map(([name, item]) => [name, item.value]));
            const search = Object.entries(query)
              .map(([name, value]) => `${encodeURIComponent(name)}=${value.startsWith('%') ? value : encodeURIComponent(value)}`)
              .join('&');
            const url = `${fillPath(operation.path, { values: { ...ownParams, ...values }, options: { raw } })}${search ? `?${search}` : ''}`;
            const headers: Record<string, string> = {};
            if (caller !== 'signedOut') headers.authorization = `Bearer ${rule?.freshSession ? await world.signInAgain(caller) : world.accounts[caller].token}`;
            if (payload.contentType) headers['content-type'] = payload.contentType;
            const canHaveBody = operation.method !== 'GET';
            const response = await fetch(new URL(url, testApp.baseUrl), { method: operation.method, headers, body: canHaveBody ? payload.body : undefined });
            // A live stream that opened never ends by itself: its status is the answer.
            if (rule?.stream && response.ok) await closeAfterFirstChunk(response);
            const text = rule?.stream && response.ok ? '' : await response.text();
            if (response.status >= 500) throw new Error(`${operation.method} ${url} ${payload.contentType ?? ''} ${String(payload.body).slice(0, 200)} → ${response.status} ${text.slice(0, 200)}`);
          }),
          { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        );
      } catch (error) {
        failures.push(`${operation.id}: ${(error as Error).message.split('\n').slice(0, 6).join(' | ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
