import { PRODUCT_NAME, type Locale } from '@goodtable/shared';
import { currentLocale } from './i18n.ts';
import type { PageHead } from './page-head.ts';

/** The head as the document carries it: the tags' values, not yet escaped. */
export type DocumentHead = {
  title: string;
  description?: string;
  canonical?: string;
  /** `<meta property="…" content="…">` tags: Open Graph, article and Twitter card. */
  meta: Record<string, string>;
  preloadImage?: string;
  status?: 404;
};

const DESCRIPTION_LENGTH = 200;
/** Open Graph locale of each product locale. */
const OG_LOCALES: Record<Locale, string> = { en: 'en_US', vn: 'vi_VN' };

/** Every screen names itself: `<page name> | GoodTable` (docs/product.md, What GoodTable does). */
export function pageTitle(pageName: string): string {
  return `${pageName} | ${PRODUCT_NAME}`;
}

/** The text on one line, cut to 200 characters with an ellipsis. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_LENGTH ? flat : `${flat.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

/** Where the page is: the site's own address (never one a request names) and the path of the screen. */
export type PageLocation = { origin: string; pathname: string; language: Locale };

/** The document head of a screen's head at `location`. */
export function documentHead(head: PageHead, location: PageLocation): DocumentHead {
  const title = pageTitle(head.name);
  if (head.notFound) return { title, meta: {}, status: 404 };
  if (head.titleOnly) return { title, meta: {} };
  const path = head.path ?? (location.pathname === '/' ? '/' : location.pathname.replace(/\/+$/, ''));
  const url = `${location.origin}${path}`;
  const description = head.description === undefined ? undefined : excerpt(head.description);
  const meta: Record<string, string> = {
    'og:locale': OG_LOCALES[location.language],
    'og:type': head.type ?? 'website',
    'og:site_name': PRODUCT_NAME,
    'og:title': title,
    ...(description === undefined ? {} : { 'og:description': description }),
    'og:url': url,
  };
  if (head.image) {
    meta['og:image'] = head.image.url.startsWith('/') ? `${location.origin}${head.image.url}` : head.image.url;
    if (head.image.width !== undefined) meta['og:image:width'] = String(head.image.width);
    if (head.image.height !== undefined) meta['og:image:height'] = String(head.image.height);
    if (head.image.alt !== undefined) meta['og:image:alt'] = head.image.alt;
  }
  if (head.publishedTime !== undefined) meta['article:published_time'] = head.publishedTime;
  meta['twitter:card'] = head.image ? 'summary_large_image' : 'summary';
  return { title, description, canonical: url, meta, preloadImage: head.preloadImage };
}

/** Meta tags a screen's head writes: those of the previous screen are removed as the visitor moves on. */
const HEAD_META_SELECTOR = 'meta[property^="og:"], meta[property^="article:"], meta[property^="twitter:"]';

/** The head's one element of `selector`: removed when `value` is undefined, else made if missing and set. */
function setHeadElement({ selector, value, create }: { selector: string; value: string | undefined; create: () => HTMLMetaElement | HTMLLinkElement }): void {
  const element = document.head.querySelector<HTMLMetaElement | HTMLLinkElement>(selector);
  if (value === undefined) {
    element?.remove();
    return;
  }
  const present = element ?? document.head.appendChild(create());
  present.setAttribute(present instanceof HTMLLinkElement ? 'href' : 'content', value);
}

/** Sets the document's head to `head`, removing what the previous screen's had and this one has not. */
function applyDocumentHead(head: DocumentHead): void {
  document.title = head.title;
  setHeadElement({ selector: 'meta[name="description"]', value: head.description, create: () => Object.assign(document.createElement('meta'), { name: 'description' }) });
  setHeadElement({ selector: 'link[rel="canonical"]', value: head.canonical, create: () => Object.assign(document.createElement('link'), { rel: 'canonical' }) });
  for (const element of document.head.querySelectorAll(HEAD_META_SELECTOR)) element.remove();
  for (const [property, content] of Object.entries(head.meta)) {
    const element = document.createElement('meta');
    element.setAttribute('property', property);
    element.content = content;
    document.head.append(element);
  }
}


/** The browser's side: the head (as JSON) of the screen now shown, in the reader's language. */
export function showDocumentHead(serializedHead: string): void {
  const { origin, pathname } = window.location;
  applyDocumentHead(documentHead(JSON.parse(serializedHead) as PageHead, { origin, pathname, language: currentLocale() }));
}
