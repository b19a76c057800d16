import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { firstScreenMarkup } from '../../lib/first-screen.ts';
import { Spinner } from './spinner.tsx';

/** True inside the site layout: a loading state there stands for the main content only, not the whole screen. */
export const InsideSiteLayoutContext = createContext(false);

/**
 * The server's first screen of this address while it loads (lib/first-screen.ts): the same markup the visitor
 * already sees, so the hand-over from the served HTML to the app shows no spinner in between. Undefined when this
 * address has none.
 */
export function firstScreenElement(part: 'whole' | 'content') {
  const markup = firstScreenMarkup(part);
  // Marked as the server's screen still: it is not the app's page yet (the browser suite waits for the app's). Not a
  // div: React would reuse a div as the page's column that replaces it, and the browser would count that column's
  // move from this full-width box as a layout shift.
  return markup === undefined ? undefined : <section data-first-html="" dangerouslySetInnerHTML={{ __html: markup }} />;
}

/** A page's own column while its one query loads: the first screen's content in its place, if this address has one. */
export function firstScreenWhileLoading(query: { data: unknown; isError: boolean }) {
  return query.data === undefined && !query.isError ? firstScreenElement('content') : undefined;
}

const useFirstScreen = () => firstScreenElement(useContext(InsideSiteLayoutContext) ? 'content' : 'whole');

/** Shown while a screen waits for the session, its translations or its data. */
export function PageLoading() {
  const { t } = useTranslation();
  const firstScreen = useFirstScreen();
  if (firstScreen) return firstScreen;
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-brand-700">
      <Spinner className="size-8" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}

/** Fallback used before any translation is available (the very first load). */
export function BlankLoading() {
  const firstScreen = useFirstScreen();
  if (firstScreen) return firstScreen;
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-brand-700" aria-busy="true">
      <Spinner className="size-8" />
    </div>
  );
}
