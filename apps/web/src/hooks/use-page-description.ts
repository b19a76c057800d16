import { useEffect } from 'react';
import { useLocation } from 'react-router';

function headElement<Tag extends 'meta' | 'link'>(tag: Tag, selector: string, attributes: Record<string, string>): HTMLElementTagNameMap[Tag] {
  let element = document.head.querySelector<HTMLElementTagNameMap[Tag]>(selector);
  if (!element) {
    element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.head.append(element);
  }
  return element;
}

/**
 * A public page's description and canonical address in the document head, kept right as the visitor moves between
 * pages (the server writes them into the HTML of the first page: see the API's HtmlHeadProvider).
 */
export function usePageDescription(description: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    headElement('meta', 'meta[name="description"]', { name: 'description' }).content = description;
  }, [description]);
  useEffect(() => {
    const canonical = headElement('link', 'link[rel="canonical"]', { rel: 'canonical' });
    canonical.href = `${window.location.origin}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}`;
  }, [pathname]);
}
