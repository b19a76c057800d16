/** The app's button looks (links styled as buttons use them too). */
export const primaryButtonClassName =
  'rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-60';
export const secondaryButtonClassName =
  'rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:opacity-60';
export const dangerButtonClassName = 'rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:opacity-60';
