/**
 * What a screen says about itself in the document head, from the data it renders
 * (docs/decisions/0265-page-heads-declared-by-the-pages.md): the server writes it into the served HTML of a public
 * page, the browser sets it as the visitor moves between screens (document-head.ts).
 */
export type PageHead = {
  /** The screen's name: the title is `<name> | GoodTable`. */
  name: string;
  /** Long text is cut to an excerpt. */
  description?: string;
  /** The page's own address (path), when the data names it (a restaurant's slug); the current path otherwise. */
  path?: string;
  /** Absolute address, or a path on this site. */
  image?: { url: string; width?: number; height?: number; alt?: string };
  type?: 'website' | 'article';
  /** An article's date (`article:published_time`). */
  publishedTime?: string;
  /** The image the page shows largest on its first screen, fetched by the browser while the app's code loads. */
  preloadImage?: string;
  /** The 404 page: served with status 404, without a canonical address or Open Graph tags. */
  notFound?: boolean;
  /** Only the title: a screen not meant for link previews (signed-in screens). */
  titleOnly?: boolean;
};

/**
 * Records the heads the screens declare during a server render, the last one winning (a 404 page drawn inside a page
 * that found nothing declares after it). Module-wide, as the server renders one page at a time.
 */
let recordServerRenderHead: ((head: PageHead) => void) | undefined;

/** Starts collecting the heads of one server render; the returned function reads the one that won. */
export function collectServerRenderHead(): () => PageHead | undefined {
  let last: PageHead | undefined;
  recordServerRenderHead = (head) => (last = head);
  return () => last;
}

/** Called while a screen renders: on the server, its head is the page's (so far). */
export function declareServerRenderHead(head: PageHead): void {
  recordServerRenderHead?.(head);
}
