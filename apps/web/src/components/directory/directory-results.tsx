import type { ReactNode } from 'react';
import type { PagedList } from '@goodtable/shared';
import { EmptyState } from './empty-state.tsx';
import { LoadError } from './load-error.tsx';
import { Pagination } from './pagination.tsx';

/** The directory query as TanStack Query reports it (previous page kept while the next one loads). */
type DirectoryQueryState<Item> = {
  data: PagedList<Item> | undefined;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  refetch: () => unknown;
};

type DirectoryResultsProps<Item> = {
  result: DirectoryQueryState<Item>;
  page: number;
  onPageChange: (page: number) => void;
  /** Translated texts: the result count line, the load error, and the empty state. */
  texts: { results: (count: number) => string; loadError: string; emptyHeading: string; emptyText: string };
  /** Shown while the first page, or a page with new filters, loads. */
  skeleton: ReactNode;
  /** With filters set, the empty state offers to clear them. */
  onClearFilters?: () => void;
  /** Column classes of the result grid beyond one column. */
  gridClassName: string;
  itemKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
};

/**
 * Everything below a directory's filters: the announced result count, a retryable load error, skeletons while
 * loading, the empty state, the result grid and paging.
 */
export function DirectoryResults<Item>({ result, page, onPageChange, texts, skeleton, onClearFilters, gridClassName, itemKey, renderItem }: DirectoryResultsProps<Item>) {
  const data = result.data;
  const showSkeletons = result.isPending || (result.isFetching && result.isPlaceholderData);
  return (
    <>
      <p className="mt-6 text-sm text-slate-500" aria-live="polite">
        {data && !showSkeletons ? texts.results(data.totalResults) : '\u00a0'}
      </p>

      {result.isError && !data ? <LoadError message={texts.loadError} onRetry={() => void result.refetch()} /> : null}

      {showSkeletons ? skeleton : null}

      {data && !showSkeletons && data.data.length === 0 ? (
        <EmptyState heading={texts.emptyHeading} text={texts.emptyText} onClearFilters={onClearFilters} />
      ) : null}

      {data && !showSkeletons && data.data.length > 0 ? (
        <ul className={`mt-4 grid gap-5 ${gridClassName}`}>
          {data.data.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      ) : null}

      {data ? <Pagination page={page} totalPages={data.totalPages} onPageChange={onPageChange} /> : null}
    </>
  );
}
