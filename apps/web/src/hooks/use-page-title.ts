import { useEffect } from 'react';
import { PRODUCT_NAME } from '@goodtable/shared';

export function pageTitle(pageName: string): string {
  return `${pageName} | ${PRODUCT_NAME}`;
}

/** Every screen names itself: `<page name> | GoodTable` (docs/product.md, What GoodTable does, docs/architecture.md, Web conventions). */
export function usePageTitle(pageName: string): void {
  useEffect(() => {
    document.title = pageTitle(pageName);
  }, [pageName]);
}
