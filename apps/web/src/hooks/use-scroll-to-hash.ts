import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to and focuses the `#anchor` of the address once the page has rendered (/terms#transaction-documents). */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
    target?.focus({ preventScroll: true });
  }, [hash, ready]);
}
