import type { ReactNode } from 'react';

/** Centred card of the sign-in and sign-up screens. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-16 sm:py-24">
      <div className="w-full max-w-md">
        <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-center text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </div>
    </div>
  );
}
