import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page starts at the top; going back or forward (POP) leaves the position to the browser, which restores it.
 * An address with an #anchor the page has already scrolled to (useScrollToHash, run first as the page's own effect)
 * keeps that position. Replaces the data router's ScrollRestoration, which the declarative router does not have.
 */
export function useScrollToTopOnNavigation(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP') return;
    if (hash && document.getElementById(decodeURIComponent(hash.slice(1)))) return;
    window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}
