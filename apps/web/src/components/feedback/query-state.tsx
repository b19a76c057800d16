import type { ReactNode } from 'react';
import { PageLoading } from './page-loading.tsx';

/**
 * What a page shows for the one thing it loads: the loading indicator, then either `children(data)` or, when the
 * request failed, `errorText` as an alert (`alertClassName` places it).
 */
export function QueryState<Data>({
  data,
  isError,
  errorText,
  alertClassName,
  children,
}: {
  data: Data | undefined;
  isError: boolean;
  errorText: string;
  alertClassName?: string;
  children: (data: NonNullable<Data>) => ReactNode;
}) {
  if (!data) {
    return isError ? (
      <p role="alert" className={alertClassName ? `${alertClassName} text-sm text-red-700` : 'text-sm text-red-700'}>
        {errorText}
      </p>
    ) : (
      <PageLoading />
    );
  }
  return children(data);
}
