import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.ts';

// The dialog (Headless UI) loads only when a signed-in user opens the link: the footer is on every public page.
const SignedInWarningDialog = lazy(async () => ({ default: (await import('./signed-in-warning-dialog.tsx')).SignedInWarningDialog }));

/**
 * The header/footer "Register as a restaurant" link. SPEC.md §5: a signed-in user who opens it sees a Warning
 * dialog (signed in with a Client, Guest or Manager account: sign out first) instead of the page.
 */
export function RegisterRestaurantLink({ className, children }: { className?: string; children: ReactNode }) {
  const session = useSession();
  const [open, setOpen] = useState(false);

  return (
    <>
      <Link
        to="/register-as-a-restaurant"
        className={className}
        onClick={(event) => {
          if (session.status !== 'signed-in') return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <SignedInWarningDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
