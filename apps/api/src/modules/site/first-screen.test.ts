import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { restaurantTestKit } from '../restaurants/test/restaurant-test-kit.ts';

const SCRIPT_NAME = 'Bob\'s <script>alert("x")</script> & Co';
const ESCAPED_NAME = 'Bob&#39;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co';

describe('served HTML: the public pages’ first screen (Stop 20)', () => {
  const testApp = useTestApp({
    env: { PUBLIC_URL: 'https://goodtable.example' },
    webDist: {
      indexHtml: '<!doctype html><html lang="en"><head><title>GoodTable</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
      // The web app's own translations: the served first screen must say what the app says.
      withTranslations: true,
    },
  });
  const kit = restaurantTestKit(testApp);
  let pho: { slug: string };
  let tricky: { slug: string };
  let hiddenRestaurant: string;
  let cause: { slug: string };
  let hiddenCause: string;

  beforeAll(async () => {
    pho = await kit.publishedRestaurant({ name: 'Phở Sông Hàn', cuisine: 'vietnamese', city: 'Da Nang', region: 'Worldwide', country: 'VN' }, [
      { name: 'Phở set', price_per_head: 250_000, min_guests: 10, max_guests: 30 },
    ]);
    tricky = await kit.publishedRestaurant({ name: SCRIPT_NAME, description: SCRIPT_NAME, cuisine: 'french', city: 'Sydney', region: 'New South Wales' });
    const draft = await kit.account('seller');
    hiddenRestaurant = kit.uniqueSlug('hidden');
    await kit.expectOk(await kit.api.put(`/v1/restaurants/${draft.id}/profile`, kit.completeProfile({ name: 'Hidden Osteria', slug: hiddenRestaurant }), { token: draft.token }));

    const owner = await kit.account('cause');
    const newCause = async (values: Record<string, unknown>) =>
      kit.expectOk(
        await kit.api.post('/v1/causes', { slug: kit.uniqueSlug('cause'), category: 'hunger', story: 'Hot meals for families.', country: 'AU', published: true, ...values }, { token: owner.token }),
        201,
      );
    cause = await newCause({ name: 'Hope Kitchen' });
    await newCause({ name: SCRIPT_NAME, story: SCRIPT_NAME });
    hiddenCause = (await newCause({ name: 'Secret Cause', published: false })).slug;
  });

  /** The served page's status and what the server wrote inside `<div id="root">`. */
  async function firstScreen(pathname: string, language: 'en' | 'vn' = 'en') {
    const response = await fetch(new URL(pathname, testApp.baseUrl), { headers: { cookie: `lang=${language}` } });
    const html = await response.text();
    const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
    return { status: response.status, html, root: html.slice(start, html.lastIndexOf('</div><script')) };
  }

  it('writes the home page’s headline and main links, in the visitor’s language', async () => {
    const en = await firstScreen('/');
    expect(en.status).toBe(200);
    expect(en.root).toContain('<h1 class="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">Turn a great dinner into real support for a cause</h1>');
    expect(en.root).toContain('<a href="/restaurants" class="rounded-md bg-white px-5 py-3 text-sm font-semibold text-brand-800 shadow hover:bg-brand-50">Find a restaurant</a>');
    expect(en.root).toContain('<main id="main-content"');
    expect(en.root).toContain('aria-label="GoodTable home"');
    const vn = await firstScreen('/', 'vn');
    expect(vn.root).toContain('Biến một bữa tối ngon thành sự ủng hộ thiết thực cho cộng đồng</h1>');
    expect(vn.root).toContain('>Tìm nhà hàng</a>');
    expect(vn.root).toContain('>Khám phá tổ chức từ thiện <span aria-hidden="true">&rarr;</span></a>');
  });

  it('writes the restaurant directory’s first page: names with links, escaped; a filtered address gets none', async () => {
    const en = await firstScreen('/restaurants');
    expect(en.root).toContain('<h1 class="text-3xl font-bold tracking-tight text-slate-900">Restaurants</h1>');
    expect(en.root).toContain('2 restaurants');
    expect(en.root).toContain(`<a href="/${pho.slug}"`);
    expect(en.root).toContain('<h2 class="font-semibold text-slate-900">Phở Sông Hàn</h2>');
    expect(en.root).toContain('Vietnamese · Da Nang</p>');
    expect(en.root).toContain(`<h2 class="font-semibold text-slate-900">${ESCAPED_NAME}</h2>`);
    expect(en.root).not.toContain('Hidden Osteria');
    expect(en.html).not.toContain('<script>');
    // The filters in the app's place, labelled and disabled until the app runs them.
    expect(en.root).toContain('<label for="first-screen-filter-1" class="block text-sm font-medium text-slate-700">Region</label><select id="first-screen-filter-1" disabled');
    expect(en.root).toContain('<option>All regions</option>');
    expect(en.root).toContain('>Guests</label><input id="first-screen-filter-3" type="number" disabled');
    expect(en.root).toContain('>Sort by</label>');
    const vn = await firstScreen('/restaurants', 'vn');
    expect(vn.root).toContain('>Nhà hàng</h1>');
    expect(vn.root).toContain('<option>Tất cả khu vực</option>');
    expect(vn.root).toContain('Việt Nam · Da Nang</p>');
    expect((await firstScreen('/restaurants?page=2')).root).toBe('');
  });

  it('writes a restaurant page’s name, cuisine and city, description and prices, escaped', async () => {
    const en = await firstScreen(`/${pho.slug}`);
    expect(en.status).toBe(200);
    expect(en.root).toContain('<h1 class="text-3xl font-bold tracking-tight text-slate-900">Phở Sông Hàn</h1>');
    expect(en.root).toContain('<p class="mt-2 text-slate-600">Vietnamese · Da Nang</p>');
    expect(en.root).toContain('Home-style Vietnamese cooking for long tables.');
    expect(en.root).toContain('<h3 class="font-semibold text-slate-900">Phở set</h3>');
    expect(en.root).toMatch(/250,000.*per person/);
    expect(en.root).toContain('<a href="/restaurants" class="text-sm font-semibold text-brand-700 hover:text-brand-800"><span aria-hidden="true">&larr;</span> All restaurants</a>');
    const vn = await firstScreen(`/${pho.slug}`, 'vn');
    expect(vn.root).toContain('<p class="mt-2 text-slate-600">Việt Nam · Da Nang</p>');
    expect(vn.root).toContain('>Giới thiệu</h2>');
    expect(vn.root).toMatch(/250\.000.*mỗi người/);

    const escaped = await firstScreen(`/${tricky.slug}`);
    expect(escaped.root).toContain(`<h1 class="text-3xl font-bold tracking-tight text-slate-900">${ESCAPED_NAME}</h1>`);
    expect(escaped.html).not.toContain('<script>');
  });

  it('writes a cause page’s name, category, story and money raised, escaped; and the cause directory', async () => {
    const en = await firstScreen(`/cause/${cause.slug}`);
    expect(en.status).toBe(200);
    expect(en.root).toContain('<h1 class="text-3xl font-bold tracking-tight text-slate-900">Hope Kitchen</h1>');
    expect(en.root).toContain('>Hunger</p>');
    expect(en.root).toContain('Hot meals for families.');
    expect(en.root).toContain('>Raised so far</h2>');
    const vn = await firstScreen(`/cause/${cause.slug}`, 'vn');
    expect(vn.root).toContain('>Nạn đói</p>');
    expect(vn.root).toContain('>Câu chuyện của chúng tôi</h2>');

    const directory = await firstScreen('/causes');
    expect(directory.root).toContain(`<a href="/cause/${cause.slug}"`);
    expect(directory.root).toContain('<h2 class="font-semibold text-slate-900">Hope Kitchen</h2>');
    expect(directory.root).toContain(`<h2 class="font-semibold text-slate-900">${ESCAPED_NAME}</h2>`);
    expect(directory.root).not.toContain('Secret Cause');
    expect(directory.root).toContain('>Category</label><select id="first-screen-filter-1" disabled');
    expect(directory.root).toContain('<option>All categories</option>');
    expect(directory.html).not.toContain('<script>');
  });

  it('writes nothing for unknown or unpublished restaurants and causes: the 404 page, as before', async () => {
    for (const pathname of [`/${hiddenRestaurant}`, '/no-such-place', `/cause/${hiddenCause}`, '/cause/no-such-cause']) {
      const page = await firstScreen(pathname);
      expect(page.status, pathname).toBe(404);
      expect(page.root, pathname).toBe('');
      expect(page.html, pathname).not.toMatch(/Hidden Osteria|Secret Cause/);
    }
  });
});
