import type { ComponentProps, ReactNode } from 'react';

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

/** How a directory's cards are drawn: a cover photo above the name (restaurants), or a logo beside it (causes). */
const CARD_SHAPES = {
  cover: { item: 'overflow-hidden rounded-xl border border-slate-200', media: 'aspect-[4/3] bg-slate-200', text: 'space-y-3 p-4', detail: 'w-1/2' },
  logo: { item: 'flex gap-4 rounded-xl border border-slate-200 p-5', media: 'size-16 rounded-lg bg-slate-200', text: 'flex-1 space-y-3 py-1', detail: 'w-1/3' },
} as const;

/** The placeholder of a public directory's page of cards, in the cards' own shape so nothing moves when they arrive. */
export function DirectoryCardsSkeleton({ shape, ...grid }: Omit<ComponentProps<typeof DirectorySkeleton>, 'itemClassName' | 'children'> & { shape: keyof typeof CARD_SHAPES }) {
  const card = CARD_SHAPES[shape];
  return (
    <DirectorySkeleton {...grid} itemClassName={card.item}>
      <div className={card.media} />
      <div className={card.text}>
        <SkeletonLine className="h-4 w-3/4" />
        <SkeletonLine className={`h-3 ${card.detail}`} />
      </div>
    </DirectorySkeleton>
  );
}
