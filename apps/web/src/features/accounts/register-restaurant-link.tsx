import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { refusedPathOf } from '../../lib/refused-path.ts';
import { useSession } from '../../lib/session.ts';

// The dialog (Headless UI) loads only when a signed-in user opens the link: the footer is on every public page.
const SignedInWarningDialog = lazy(async () => ({ default: (await import('./signed-in-warning-dialog.tsx')).SignedInWarningDialog }));

const REGISTER_RESTAURANT_PATH = '/register-as-a-restaurant';

/**
 * The header/footer "Register as a restaurant" link. docs/product.md, Validation rules: a signed-in user who opens it sees a Warning
 * dialog (signed in with a Client, Guest or Manager account: sign out first) instead of the page.
 *
 * A click while the stored session is still being checked waits for the answer rather than guessing: following the
 * link would let the signed-out-only route bounce a signed-in user home without the dialog.
 */
export function RegisterRestaurantLink({ className, children }: { className?: string; children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [pendingClick, setPendingClick] = useState(false);

  useEffect(() => {
    if (!pendingClick || session.status === 'loading') return;
    setPendingClick(false);
    if (session.status === 'signed-in') setOpen(true);
    else void navigate(REGISTER_RESTAURANT_PATH);
  }, [pendingClick, session.status, navigate]);

  return (
    <>
      <Link
        to={REGISTER_RESTAURANT_PATH}
        className={className}
        onClick={(event) => {
          if (session.status === 'signed-out') return;
          event.preventDefault();
          if (session.status === 'signed-in') setOpen(true);
          else setPendingClick(true);
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

/**
 * The same Warning for a signed-in user who reached the address another way (typed it, followed a bookmark, went
 * back to it): the signed-out-only route sends them home, naming the address it refused.
 */
export function RegisterRestaurantRedirectWarning() {
  const location = useLocation();
  const navigate = useNavigate();
  if (refusedPathOf(location.state) !== REGISTER_RESTAURANT_PATH) return null;
  // Closing forgets the refusal, so a reload or a later visit of this entry does not show the Warning again.
  const close = () => void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  return (
    <Suspense fallback={null}>
      <SignedInWarningDialog onClose={close} />
    </Suspense>
  );
}
