import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showDocumentHead } from '../lib/document-head.ts';
import { declareServerRenderHead, type PageHead } from '../lib/page-head.ts';

/**
 * A screen's title, description and Open Graph tags, from the data it renders
 * (docs/decisions/0265-page-heads-declared-by-the-pages.md): in a server render, the served HTML's head; in the
 * browser, the document's, kept right as the visitor moves between screens.
 */
export function usePageHead(head: PageHead | undefined): void {
  if (head) declareServerRenderHead(head);
  const serialized = head ? JSON.stringify(head) : undefined;
  useEffect(() => {
    if (serialized !== undefined) showDocumentHead(serialized);
  }, [serialized]);
}

/** A screen with only a title (`<page name> | GoodTable`): the signed-in screens, never previewed as links. */
export function usePageTitle(pageName: string): void {
  usePageHead({ name: pageName, titleOnly: true });
}

/** A public page's title and description (`public-site.json` → `meta.<page>`), in the served HTML and in the browser. */
export function usePublicPageMeta(page: string): void {
  const { t } = useTranslation('public-site');
  usePageHead({ name: t(`meta.${page}.title`), description: t(`meta.${page}.description`) });
}
