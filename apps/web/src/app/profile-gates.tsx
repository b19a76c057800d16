import { lazy, type ReactNode } from 'react';
import { useSession } from '../lib/session.ts';

// Only sellers and cause users are ever gated: everyone else (every visitor of a public page) never loads the gates.
const CompleteProfileGate = lazy(async () => ({ default: (await import('../features/restaurants/complete-profile-gate.tsx')).CompleteProfileGate }));
const CauseProfileGate = lazy(async () => ({ default: (await import('../features/causes/require-cause.tsx')).CauseProfileGate }));

/** docs/product.md, Validation rules: a seller without an active menu, or a cause user without a cause, is sent to complete the profile. */
export function ProfileGates({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.role === 'seller') return <CompleteProfileGate>{children}</CompleteProfileGate>;
  if (session.role === 'cause') return <CauseProfileGate>{children}</CauseProfileGate>;
  return children;
}
