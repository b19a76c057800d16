import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAD_BREAKING_TEXT, HEAD_BREAKING_TITLE } from '../../test/support/served-html.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { restaurantTestKit } from '../modules/restaurants/test/restaurant-test-kit.ts';

/**
 * A server build of the web app that answers like entry-server.tsx: it asks the API for the restaurant the address
 * names and writes what it got, with the head the page declares from it, so these tests see what the server hands
 * the render and what it does with the result. The web app's own render and head of each public page are checked in
 * the browser suite (first-html.spec.ts and the public pages' specs).
 */
const STUB_RENDERER = `
export async function render({ url, language, readTexts, fetchApi, origin }) {
  if (url.startsWith('/about?fail')) throw new Error('render failed');
  const slug = url.split('?')[0].slice(1);
  const answer = await fetchApi('/v1/restaurants/by-slug/' + slug, { headers: { Accept: 'application/json' } });
  const restaurant = answer.ok ? await answer.json() : null;
  const heading = readTexts(language, 'restaurants').directory?.heading ?? '';
  const head = restaurant
    ? {
        title: restaurant.name + ' | GoodTable',
        description: restaurant.description,
        canonical: origin + '/' + restaurant.slug,
        meta: { 'og:title': restaurant.name + ' | GoodTable', 'og:url': origin + '/' + restaurant.slug },
        preloadImage: '/uploads/' + restaurant.name,
      }
    : answer.status === 404 ? { title: '404 - Page Not Found | GoodTable', meta: {}, status: 404 } : undefined;
  return {
    head,
    html: '<main data-url="' + url + '" data-language="' + language + '">' + answer.status + ' ' + (restaurant?.name ?? '') + ' ' + heading + '</main>',
    state: { language, note: '</script><script>alert(1)</script>' },
  };
}
`;

describe('served HTML: public pages rendered by the web app’s server build', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof restaurantTestKit>;
  let siteDir: string;
  let pho: { slug: string };
  let hiddenRestaurant: string;

  beforeAll(async () => {
    siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goodtable-web-'));
    const webDist = path.join(siteDir, 'dist');
    fs.mkdirSync(path.join(webDist, 'locales', 'vn'), { recursive: true });
    fs.mkdirSync(path.join(webDist, 'locales', 'en'), { recursive: true });
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>GoodTable</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'locales', 'en', 'restaurants.json'), JSON.stringify({ directory: { heading: 'Restaurants' } }));
    fs.writeFileSync(path.join(webDist, 'locales', 'vn', 'restaurants.json'), JSON.stringify({ directory: { heading: 'Nhà hàng' } }));
    fs.mkdirSync(path.join(siteDir, 'dist-server'));
    fs.writeFileSync(path.join(siteDir, 'dist-server', 'entry-server.js'), STUB_RENDERER);
    testApp = await startTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL: 'https://goodtable.example' });
    kit = restaurantTestKit(testApp);
    pho = await kit.publishedRestaurant({ name: 'Phở Sông Hàn', cuisine: 'vietnamese', city: 'Da Nang', region: 'Worldwide', country: 'VN' });
    const draft = await kit.account('seller');
    hiddenRestaurant = kit.uniqueSlug('hidden');
    await kit.expectOk(await kit.api.put(`/v1/restaurants/${draft.id}/profile`, { body: kit.completeProfile({ name: 'Hidden Osteria', slug: hiddenRestaurant }), token: draft.token }));
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(siteDir, { recursive: true, force: true });
  });

  async function served(pathname: string, language: 'en' | 'vn' = 'en') {
    const response = await fetch(new URL(pathname, testApp.baseUrl), { headers: { cookie: `lang=${language}` } });
    const html = await response.text();
    const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
    return { status: response.status, html, root: html.slice(start, html.indexOf('</div>', start)) };
  }

  it('puts the render of a public page, in the visitor’s language and from the API’s answers, in the root element', async () => {
    const en = await served(`/${pho.slug}`);
    expect(en.status).toBe(200);
    expect(en.root).toBe(`<main data-url="/${pho.slug}" data-language="en">200 Phở Sông Hàn Restaurants</main>`);
    expect(en.html).toContain('<title>Phở Sông Hàn | GoodTable</title>');
    const vn = await served(`/${pho.slug}`, 'vn');
    expect(vn.root).toBe(`<main data-url="/${pho.slug}" data-language="vn">200 Phở Sông Hàn Nhà hàng</main>`);
    expect(vn.html).toContain('<html lang="vi"');
  });

  it('writes the head the render declared, escaped, with the status it gave', async () => {
    const tricky = await kit.publishedRestaurant({ name: HEAD_BREAKING_TEXT, description: `${HEAD_BREAKING_TEXT} "quoted"`, cuisine: 'french', city: 'Sydney', region: 'New South Wales' });
    const page = await served(`/${tricky.slug}`);
    expect(page.status).toBe(200);
    // The stub's own markup of the page is not escaped: the head is the server's.
    const head = page.html.slice(0, page.html.indexOf('</head>'));
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).not.toContain('<script>');
    expect(head).toContain(HEAD_BREAKING_TITLE);
    expect(page.html).toContain(`<meta name="description" content="Bob&#39;s $&#39; $\` $&amp; &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; &quot;quoted&quot;" />`);
    expect(page.html).toContain(`<link rel="canonical" href="https://goodtable.example/${tricky.slug}" />`);
    expect(page.html).toContain(`<meta property="og:url" content="https://goodtable.example/${tricky.slug}" />`);
    expect(page.html).toContain('<link rel="preload" as="image" href="/uploads/Bob&#39;s');
    const unknown = await served('/no-such-place-at-all');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('<title>404 - Page Not Found | GoodTable</title>');
  });

  it('sends the render’s state right after the root element, as JSON no text can break out of', async () => {
    const { html } = await served('/about');
    const state = /<\/div><script type="application\/json" id="server-render">(.*?)<\/script><script type="module"/.exec(html)?.[1];
    expect(state).toBeDefined();
    expect(state).not.toContain('<');
    expect(JSON.parse(state!)).toEqual({ language: 'en', note: '</script><script>alert(1)</script>' });
  });

  it('answers 404 with the render of the 404 page for an unknown or unpublished restaurant', async () => {
    for (const pathname of [`/${hiddenRestaurant}`, '/no-such-place']) {
      const page = await served(pathname);
      expect(page.status, pathname).toBe(404);
      expect(page.root, pathname).toBe(`<main data-url="${pathname}" data-language="en">404  Restaurants</main>`);
      expect(page.html, pathname).not.toContain('Hidden Osteria');
    }
  });

  it('leaves signed-in screens to the browser, and a page whose render fails is still served', async () => {
    const bookings = await served('/bookings');
    expect(bookings.status).toBe(200);
    expect(bookings.root).toBe('');
    expect(bookings.html).not.toContain('server-render');
    expect(bookings.html).toContain('<title>GoodTable</title>');
    const failed = await served('/about?fail');
    expect(failed.status).toBe(200);
    expect(failed.root).toBe('');
  });
});
