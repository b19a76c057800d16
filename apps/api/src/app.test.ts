import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './config/env.ts';
import { useTestApp } from '../test/support/test-app.ts';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', SEED_DEMO: true, AUTH_RATE_LIMIT_MAX: 10 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('stops with a message naming each wrong variable', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://localhost/db' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });
});

describe('HTTP surface', () => {
  const testApp = useTestApp({ webDist: { files: { 'assets/app-123.js': 'console.log("app")' } } });
  const { api } = testApp;

  it('documents the API in an OpenAPI document and a browsable reference', async () => {
    const document = await api.get('/docs/json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toMatch(/^3\./);
    expect(Object.keys(document.body.paths)).toEqual(expect.arrayContaining(['/v1/auth/sign-up', '/v1/auth/sign-in', '/v1/auth/sign-out', '/v1/me']));
    expect(document.body.paths['/v1/auth/sign-up'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password', 'first_name', 'last_name']),
    );
    const page = await api.get('/docs/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('answers unknown API routes with the JSON error body', async () => {
    const response = await api.get('/v1/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('serves the web app shell for page routes and the files as they are', async () => {
    const page = await api.get('/bookings?status=DRAFT');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<div id="root"></div>');
    const asset = await api.get('/assets/app-123.js');
    expect(asset.status).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await api.get('/assets/missing.js')).status).toBe(404);
  });

  it("sends the build's compressed copy of an asset to a browser that accepts it, and the file as it is otherwise", async () => {
    const script = `console.log(${JSON.stringify('GoodTable '.repeat(200))})`;
    fs.writeFileSync(path.join(testApp.webDistDir, 'assets', 'page-456.js'), script);
    fs.writeFileSync(path.join(testApp.webDistDir, 'assets', 'page-456.js.br'), brotliCompressSync(script));
    fs.writeFileSync(path.join(testApp.webDistDir, 'assets', 'page-456.js.gz'), gzipSync(script));
    for (const [accepted, sent] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['identity', null]] as const) {
      const response = await fetch(`${testApp.baseUrl}/assets/page-456.js`, { headers: { 'accept-encoding': accepted } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(sent);
      expect(response.headers.get('content-type')).toContain('javascript');
      expect(response.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
      expect(await response.text()).toBe(script);
    }
  });

  it('serves the new shell after the web app is rebuilt while the server runs', async () => {
    const indexPath = path.join(testApp.webDistDir, 'index.html');
    const original = fs.readFileSync(indexPath, 'utf8');
    fs.writeFileSync(indexPath, original.replace('<div id="root"></div>', '<div id="root" data-build="2"></div>'));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(indexPath, later, later);
    expect((await api.get('/after-rebuild')).body).toContain('data-build="2"');
    fs.writeFileSync(indexPath, original);
  });
});
