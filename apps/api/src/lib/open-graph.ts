import { PRODUCT_NAME } from '@goodtable/shared';

const DESCRIPTION_LENGTH = 200;

/** The text on one line, cut to 200 characters with an ellipsis. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_LENGTH ? flat : `${flat.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

export type OpenGraphPage = {
  /** The page's name; the title becomes `<name> | GoodTable`. */
  name: string;
  /** Long text, cut to an excerpt. */
  description: string;
  /** Absolute address of the page. */
  url: string;
  image?: { url: string; width?: number; height?: number };
};

/** Title, description and Open Graph meta of a public page, for the HTML shell (see HtmlHeadProvider). */
export function openGraphHead(page: OpenGraphPage): { title: string; description: string; meta: Record<string, string> } {
  const title = `${page.name} | ${PRODUCT_NAME}`;
  const meta: Record<string, string> = {
    'og:type': 'website',
    'og:site_name': PRODUCT_NAME,
    'og:title': title,
    'og:description': excerpt(page.description),
    'og:url': page.url,
  };
  if (page.image) {
    meta['og:image'] = page.image.url;
    if (page.image.width !== undefined) meta['og:image:width'] = String(page.image.width);
    if (page.image.height !== undefined) meta['og:image:height'] = String(page.image.height);
  }
  return { title, description: excerpt(page.description), meta };
}
