import { useId, type ReactNode } from 'react';

/** The white card every signed-in screen groups its parts in (also for cards that are not a titled section). */
export const sectionCardClassName = 'rounded-xl border border-slate-200 bg-white shadow-sm';

const SIZES = {
  /** A screen's main parts: forms and settings. */
  roomy: { card: 'p-6 sm:p-8', title: 'text-lg', body: 'mt-6' },
  /** Parts side by side with others: a booking's details, money and attendees. */
  compact: { card: 'p-5', title: 'text-base', body: 'mt-3' },
} as const;

/**
 * A titled part of a screen: a `<section>` card named by its `<h2>` (so it is a region assistive technology lists),
 * with an optional line under the title. `headingId` when something else points at the heading; a generated id
 * otherwise.
 */
export function SectionCard({
  title,
  description,
  headingId,
  size = 'roomy',
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  headingId?: string;
  size?: keyof typeof SIZES;
  children: ReactNode;
}) {
  const generatedId = useId();
  const id = headingId ?? generatedId;
  const style = SIZES[size];
  return (
    <section aria-labelledby={id} className={`${sectionCardClassName} ${style.card}`}>
      <h2 id={id} className={`${style.title} font-semibold text-slate-900`}>
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className={style.body}>{children}</div>
    </section>
  );
}
