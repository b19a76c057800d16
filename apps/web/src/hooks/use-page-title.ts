import { useEffect } from 'react';
import { PRODUCT_NAME } from '@goodtable/shared';

export function pageTitle(pageName: string): string {
  return `${pageName} | ${PRODUCT_NAME}`;
}

/** Every screen names itself: `<page name> | GoodTable` (SPEC.md §1, DESIGN.md §8). */
export function usePageTitle(pageName: string): void {
  useEffect(() => {
    document.title = pageTitle(pageName);
  }, [pageName]);
}
