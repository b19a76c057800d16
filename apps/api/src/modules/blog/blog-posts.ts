import fs from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { isLocale, type BlogPost, type Locale } from '@goodtable/shared';
import { apiRoot } from '../../config/env.ts';

/** Where the posts live: one Markdown file per post and language, `<slug>.<en|vn>.md`, with YAML front matter. */
export const BLOG_CONTENT_DIR = path.join(apiRoot, 'content/blog');

const frontMatterSchema = z.object({
  title: z.string().min(1),
  date: z.union([z.string(), z.date()]).transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value)).pipe(z.iso.date()),
  excerpt: z.string().min(1),
  tags: z.array(z.string().regex(/^[a-z0-9-]{1,40}$/)).min(1),
  cover: z.string().startsWith('/'),
  cover_alt: z.string().min(1),
  author: z.string().min(1),
});

/** Words a reader reads in a minute, for the reading time. */
const WORDS_PER_MINUTE = 200;

/** What a post's Markdown may produce: text formatting, links, images, tables; no scripts, styles, frames or handlers. */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'hr', 'a', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'width', 'height'], th: ['align'], td: ['align'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
};

/** Renders a post's Markdown body to HTML that is safe to insert in a page. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false, gfm: true }), SANITIZE_OPTIONS);
}

/** Splits `---\n<yaml>\n---\n<body>`. */
function splitFrontMatter(source: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: no front matter (--- … ---) at the top`);
  return { data: parseYaml(match[1]!), body: match[2]! };
}

export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** Parses one post file; throws naming the file when its front matter is wrong. */
export function parsePostFile(file: string, source: string): BlogPost {
  const match = /^([a-z0-9-]+)\.([a-z]+)\.md$/.exec(path.basename(file));
  if (!match || !isLocale(match[2])) throw new Error(`${file}: a post file is named <slug>.<en|vn>.md`);
  const { data, body } = splitFrontMatter(source, file);
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  const meta = parsed.data;
  return {
    slug: match[1]!,
    language: match[2],
    title: meta.title,
    excerpt: meta.excerpt,
    date: meta.date,
    tags: meta.tags,
    cover: { url: meta.cover, alt: meta.cover_alt },
    author: meta.author,
    reading_minutes: readingMinutes(body),
    html: renderMarkdown(body),
  };
}

export type BlogLibrary = {
  /** A language's posts, newest first. */
  posts: (language: Locale) => BlogPost[];
  find: (slug: string, language: Locale) => BlogPost | undefined;
};

/** Reads every post once (they ship with the code) and keeps them in memory, newest first. */
export function loadBlogLibrary(dir: string = BLOG_CONTENT_DIR): BlogLibrary {
  const files = fs.readdirSync(dir).filter((file) => file.endsWith('.md'));
  const all = files.map((file) => parsePostFile(file, fs.readFileSync(path.join(dir, file), 'utf8')));
  const byLanguage = new Map<Locale, BlogPost[]>();
  for (const post of all) byLanguage.set(post.language, [...(byLanguage.get(post.language) ?? []), post]);
  for (const posts of byLanguage.values()) posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return {
    posts: (language) => byLanguage.get(language) ?? [],
    find: (slug, language) => byLanguage.get(language)?.find((post) => post.slug === slug),
  };
}

let shared: BlogLibrary | undefined;

/** The posts shipped with this code, read on first use. */
export function blogLibrary(): BlogLibrary {
  shared ??= loadBlogLibrary();
  return shared;
}
