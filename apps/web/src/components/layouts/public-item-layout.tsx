import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../feedback/query-state.tsx';
import { hasErrorStatus } from '../../lib/api-error.ts';

// Only an unknown slug shows it: the restaurant and cause pages do not load it up front.
const NotFoundPage = lazy(async () => ({ default: (await import('../errors/not-found-page.tsx')).NotFoundPage }));
import { SiteLayout } from './site-layout.tsx';

/**
 * The public page of one item looked up by its slug (/cause/{slug}, /{slug}): a link back to its directory, then
 * the item once loaded, or the load error; an unknown slug (404) shows the 404 page instead.
 */
export function PublicItemLayout<Item>({
  query,
  widthClassName,
  backTo,
  backLabel,
  errorText,
  children,
}: {
  query: { data: Item | undefined; isError: boolean; error: unknown };
  /** Max-width class of the page's column. */
  widthClassName: string;
  backTo: string;
  backLabel: string;
  errorText: string;
  children: (item: NonNullable<Item>) => ReactNode;
}) {
  if (query.isError && hasErrorStatus(query.error, [400, 404])) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }
  return (
    <SiteLayout>
      <div className={`mx-auto ${widthClassName} px-4 py-10 sm:px-6`}>
        <Link to={backTo} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
          <span aria-hidden="true">&larr;</span> {backLabel}
        </Link>
        <QueryState data={query.data} isError={query.isError} errorText={errorText} alertClassName="mt-8">
          {children}
        </QueryState>
      </div>
    </SiteLayout>
  );
}
