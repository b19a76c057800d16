import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page starts at the top; going back or forward (POP) leaves the position to the browser, which restores it.
 * Replaces the data router's ScrollRestoration, which the declarative router does not have.
 */
export function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
