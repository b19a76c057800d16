import { sectionCardClassName } from '../../components/section-card.tsx';

/** Button and card classes shared by the account screens. */
export const primaryButtonClassName =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70';
export const secondaryButtonClassName =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70';
export const dangerButtonClassName =
  'inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70';
/** A page whose whole content is one card (its heading is the page's `<h1>`). */
export const pageCardClassName = `${sectionCardClassName} p-6 sm:p-8`;
