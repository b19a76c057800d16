import type { ReactNode } from 'react';

/**
 * The placeholder grid a directory shows while a page loads: `count` pulsing items (each drawn by `children`,
 * marked `data-testid={testId}`), announced as busy with `label`.
 */
export function DirectorySkeleton({
  count,
  label,
  testId,
  gridClassName,
  itemClassName,
  children,
}: {
  count: number;
  label: string;
  testId: string;
  /** Column classes of the grid, as the loaded list uses them. */
  gridClassName: string;
  itemClassName: string;
  children: ReactNode;
}) {
  return (
    <ul className={`mt-4 grid gap-5 ${gridClassName}`} aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} data-testid={testId} className={`animate-pulse ${itemClassName}`}>
          {children}
        </li>
      ))}
    </ul>
  );
}

/** One grey bar of a skeleton item (`className` gives its height and width). */
export function SkeletonLine({ className }: { className: string }) {
  return <div className={`${className} rounded bg-slate-200`} />;
}
