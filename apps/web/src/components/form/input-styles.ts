/** The look of every text input and select (focus ring, border set by the caller). */
export const inputClassName =
  'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-600';
