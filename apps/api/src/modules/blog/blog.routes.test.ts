import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@goodtable/shared';
import { BLOG_CONTENT_DIR, loadBlogLibrary, parsePostFile, renderMarkdown } from './blog-posts.ts';
import { useTestApp } from '../../../test/support/test-app.ts';

describe('blog posts shipped in the repository', () => {
  it('has at least 6 posts, each in English and Vietnamese, with valid front matter and a cover that exists', () => {
    const library = loadBlogLibrary();
    const english = library.posts('en');
    expect(english.length).toBeGreaterThanOrEqual(6);
    for (const post of english) {
      const vietnamese = library.find(post.slug, 'vn');
      expect(vietnamese, post.slug).toBeDefined();
      expect(vietnamese!.title).not.toBe(post.title);
      expect(fs.existsSync(path.join(BLOG_CONTENT_DIR, '../../../web/public', post.cover.url)), post.cover.url).toBe(true);
    }
    expect(library.posts('vn')).toHaveLength(english.length);
  });

  it('renders Markdown and removes scripts, event handlers, styles and javascript: links', () => {
    const html = renderMarkdown(
      '## Hello\n\n**bold** [ok](https://example.org) [bad](javascript:alert(1))\n\n<script>alert(1)</script><img src="x.png" onerror="alert(1)"><iframe src="https://evil.example"></iframe><p style="color:red">styled</p>',
    );
    expect(html).toContain('<h2>Hello</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://example.org">ok</a>');
    expect(html).not.toMatch(/script|onerror|javascript:|iframe|style=/);
  });

  it('names the file whose front matter is wrong', () => {
    expect(() => parsePostFile('broken.en.md', '---\ntitle: x\n---\nbody')).toThrow(/broken\.en\.md: .*date/);
    expect(() => parsePostFile('no-language.md', '---\ntitle: x\n---\n')).toThrow(/<slug>\.<en\|vn>\.md/);
  });
});

describe('blog API, feed and served pages', () => {
  const testApp = useTestApp({ env: { PUBLIC_URL: 'https://goodtable.example' }, webDist: {} });
  const { api } = testApp;

  it('lists posts newest first, paged, in the language asked for, with every tag', async () => {
    const first = await api.get('/v1/blog?limit=4');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, limit: 4, totalResults: 6, totalPages: 2 });
    expect(first.body.data).toHaveLength(4);
    const dates = first.body.data.map((post: { date: string }) => post.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(first.body.data[0]).not.toHaveProperty('html');
    expect(first.body.data[0]).toMatchObject({ language: 'en', reading_minutes: expect.any(Number), cover: { url: expect.stringMatching(/^\/blog\/covers\//) } });
    expect(first.body.tags).toEqual(expect.arrayContaining(['guides', 'money', 'restaurants']));
    const second = await api.get('/v1/blog?limit=4&page=2');
    expect(second.body.data).toHaveLength(2);

    const vietnamese = await api.get('/v1/blog?lang=vn&limit=10');
    expect(vietnamese.body.data.every((post: { language: string }) => post.language === 'vn')).toBe(true);
    expect(vietnamese.body.data.map((post: { title: string }) => post.title)).toContain('Tiền đi về đâu');
  });

  it('filters by tag and refuses bad parameters with 400', async () => {
    const guides = await api.get('/v1/blog?tag=guides');
    expect(guides.body.totalResults).toBe(2);
    expect(guides.body.data.every((post: { tags: string[] }) => post.tags.includes('guides'))).toBe(true);
    expect((await api.get('/v1/blog?tag=no-such-tag')).body).toMatchObject({ data: [], totalResults: 0 });
    expect((await api.get('/v1/blog?tag=Bad Tag!')).status).toBe(400);
    expect((await api.get('/v1/blog?lang=fr')).status).toBe(400);
    expect((await api.get('/v1/blog?limit=0')).status).toBe(400);
  });

  it('answers one post with its sanitised HTML body, in each language, and 404 for an unknown slug', async () => {
    for (const lang of LOCALES) {
      const post = await api.get(`/v1/blog/where-the-money-goes?lang=${lang}`);
      expect(post.status).toBe(200);
      expect(post.body.html).toContain('<table>');
      expect(post.body.language).toBe(lang);
    }
    const missing = await api.get('/v1/blog/no-such-post');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('blog.notFound');
  });

  it('serves an RSS feed per language', async () => {
    const response = await fetch(new URL('/blog/rss.xml', testApp.baseUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/rss\+xml/);
    const feed = await response.text();
    expect(feed).toContain('<rss version="2.0"');
    expect(feed).toContain('<link>https://goodtable.example/blog/where-the-money-goes</link>');
    expect(feed).toContain('<title>Where the money goes</title>');
    const vietnamese = await (await fetch(new URL('/blog/rss.xml?lang=vn', testApp.baseUrl))).text();
    expect(vietnamese).toContain('<title>Tiền đi về đâu</title>');
    expect(vietnamese).toContain('<language>vi</language>');
  });
});
