import { Link } from 'react-router';

/** Link to the other auth screen that keeps the redirect query. */
export function AuthSwitchLink({ to, redirect, children }: { to: '/sign-in' | '/sign-up'; redirect: string | null; children: string }) {
  const target = redirect ? `${to}?redirect=${encodeURIComponent(redirect)}` : to;
  return (
    <Link to={target} className="font-semibold text-brand-700 hover:text-brand-800">
      {children}
    </Link>
  );
}
