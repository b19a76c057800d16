import type { ReactNode } from 'react';
import { Spinner } from '../feedback/spinner.tsx';

/** Submit button that is disabled and shows a spinner while the form's call is pending (docs/architecture.md, Web conventions). */
export function SubmitButton({ pending, children, fullWidth = false }: { pending: boolean; children: ReactNode; fullWidth?: boolean }) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending || undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70 ${
        fullWidth ? 'w-full' : ''
      }`}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}
