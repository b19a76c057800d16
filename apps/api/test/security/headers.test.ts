import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signUpClient } from '../support/http-client.ts';
import { openSseStream } from '../support/sse-client.ts';
import { startTestApp, useTestApp, type WebDistFixture } from '../support/test-app.ts';

/** A built web app in miniature: the shell (as Vite emits it: external module script and stylesheet) and its assets. */
const FIXTURE_WEB_DIST: WebDistFixture = {
  indexHtml:
    '<!doctype html><html><head><title>GoodTable</title><script type="module" crossorigin src="/assets/index-abc.js"></script>' +
    '<link rel="stylesheet" href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>',
  files: { 'assets/index-abc.js': 'document.getElementById("root").textContent = "hi";', 'assets/index-abc.css': 'body{margin:0}' },
};

/** The policy as a map of directive name to its sources. */
function parsePolicy(header: string | null): Map<string, string[]> {
  expect(header, 'Content-Security-Policy header').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The headers every response carries, whatever produced it. */
function expectBaseHeaders(headers: Headers): void {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('strict-transport-security')).toBeNull();
}

function expectAppPolicy(headers: Headers): void {
  const policy = parsePolicy(headers.get('content-security-policy'));
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('style-src')).toEqual(["'self'"]);
  expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('font-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.has('upgrade-insecure-requests')).toBe(false);
  expect([...policy.values()].flat().join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|google|stripe/);
}

describe('security headers', () => {
  const testApp = useTestApp({ webDist: FIXTURE_WEB_DIST });
  const { api } = testApp;

  it('are on API answers: JSON, validation errors, 401s and unknown routes', async () => {
    const list = await api.get('/v1/causes');
    expect(list.status).toBe(200);
    expectBaseHeaders(list.headers);
    expectAppPolicy(list.headers);

    const invalid = await api.post('/v1/auth/sign-in', { body: { email: 'not-an-email' } });
    expect(invalid.status).toBe(400);
    expectBaseHeaders(invalid.headers);
    expectAppPolicy(invalid.headers);

    const unauthorized = await api.get('/v1/me');
    expect(unauthorized.status).toBe(401);
    expectBaseHeaders(unauthorized.headers);

    const missing = await api.get('/v1/no-such-route');
    expect(missing.status).toBe(404);
    expectBaseHeaders(missing.headers);
    expectAppPolicy(missing.headers);
  });

  it('are on the web app: its HTML shell, a client-side route, its assets and a missing asset', async () => {
    for (const page of ['/', '/restaurants']) {
      const response = await fetch(new URL(page, testApp.baseUrl));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      // No inline script for the policy to refuse: every script of the shell is a file of this origin.
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expectBaseHeaders(response.headers);
      expectAppPolicy(response.headers);
    }
    const script = await fetch(new URL('/assets/index-abc.js', testApp.baseUrl));
    expect(script.status).toBe(200);
    expectBaseHeaders(script.headers);
    expect(script.headers.get('content-security-policy')).toBeTruthy();

    const missingAsset = await fetch(new URL('/assets/missing-123.js', testApp.baseUrl));
    expect(missingAsset.status).toBe(404);
    expectBaseHeaders(missingAsset.headers);
  });

  it('are on a live event stream, which writes its own response', async () => {
    const account = await signUpClient(api);
    const stream = await openSseStream(`${testApp.baseUrl}/v1/live/stream`, { authorization: `Bearer ${account.token}` });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expectBaseHeaders(stream.headers);
      expectAppPolicy(stream.headers);
      await stream.waitFor((frame) => frame.kind === 'retry');
    } finally {
      stream.close();
    }
  });

  it('serve an uploaded image as an image, sandboxed and never sniffed', async () => {
    const seller = await signUpClient(api, { role: 'seller', name: 'Header Bistro' });
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#047857' } }).png().toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'room.png');
    const uploaded = await fetch(new URL(`/v1/restaurants/${seller.user.id}/photos`, testApp.baseUrl), { method: 'POST', headers: { authorization: `Bearer ${seller.token}` }, body: form });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\//);

    const served = await fetch(new URL(url, testApp.baseUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('content-disposition')).toBeNull();
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('x-frame-options')).toBe('DENY');
  });

  it('serve any other file under /uploads/ as a download, never as a page', async () => {
    // Stored with the type a page would have: what is served follows the key, whatever the store holds.
    await testApp.app.storage.put('planted.html', { content: Buffer.from('<script>alert(document.cookie)</script>'), contentType: 'text/html' });
    await testApp.app.storage.put('planted.svg', { content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), contentType: 'image/svg+xml' });
    for (const name of ['planted.html', 'planted.svg']) {
      const served = await fetch(new URL(`/uploads/${name}`, testApp.baseUrl));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('application/octet-stream');
      expect(served.headers.get('content-disposition')).toBe('attachment');
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const missing = await fetch(new URL('/uploads/nothing-here.webp', testApp.baseUrl));
    expect(missing.status).toBe(404);
    expectBaseHeaders(missing.headers);
  });

  it('keep the API reference at /docs working: a page whose scripts and styles are files of this origin', async () => {
    const page = await fetch(new URL('/docs', testApp.baseUrl), { redirect: 'follow' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    // Its own policy: scripts still only files of this origin; the inline styles Swagger UI adds are allowed here only.
    const policy = parsePolicy(page.headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expectBaseHeaders(page.headers);
    const sources = [...html.matchAll(/<(?:script|link)[^>]*\s(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      const url = new URL(source, page.url);
      expect(url.origin).toBe(new URL(testApp.baseUrl).origin);
      const asset = await fetch(url);
      expect(asset.status, source).toBe(200);
      // Read it: an unread body keeps the connection busy, and closing the server waits for it.
      await asset.arrayBuffer();
    }
    const document = await api.get('/docs/json');
    expect(document.status).toBe(200);
    expect(document.body.info.title).toBe('GoodTable API');
  });
});

/** The headers of an API answer from an app started with these settings. */
async function headersWith(settings: Parameters<typeof startTestApp>[0]): Promise<Headers> {
  const testApp = await startTestApp(settings);
  try {
    return (await fetch(new URL('/v1/causes', testApp.baseUrl))).headers;
  } finally {
    await testApp.close();
  }
}

// Each test starts whole apps on fresh databases (migrations included): slower than one request on a busy machine.
describe('security headers follow the configuration', { timeout: 120_000 }, () => {
  it('allow Google Identity Services, and its sign-in popup, only when GOOGLE_CLIENT_ID is set', async () => {
    const headers = await headersWith({ GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com' });
    const policy = parsePolicy(headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(policy.get('style-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/style']);
    expect(headers.get('content-security-policy')).not.toContain('stripe');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  it('allow Stripe.js only when a Stripe key is set', async () => {
    const headers = await headersWith({ STRIPE_PUBLISHABLE_KEY: 'pk_test_123' });
    const policy = parsePolicy(headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(headers.get('content-security-policy')).not.toContain('google');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('send HSTS and upgrade insecure requests only when PUBLIC_URL is https', async () => {
    const secure = await headersWith({ PUBLIC_URL: 'https://goodtable.example' });
    expect(secure.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
    expect(parsePolicy(secure.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
    const plain = await headersWith({ PUBLIC_URL: 'http://goodtable.example' });
    expect(plain.get('strict-transport-security')).toBeNull();
    expect(parsePolicy(plain.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(false);
  });
});
