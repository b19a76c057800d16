import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { COMPLETE_PROFILE_STATE } from './complete-profile-dialog.tsx';
import { useMyCauses } from './use-my-causes.ts';

/**
 * SPEC.md §5 for screens a cause user may only use once they have a cause (e.g. bookings): a cause user without
 * one is sent to /add-cause with the "Please complete your profile first" dialog. Other roles pass through.
 */
export function RequireCause({ children }: { children: ReactNode }) {
  const { data, isCauseUser, sessionLoading, isPending } = useMyCauses();
  if (sessionLoading) return <PageLoading />;
  if (!isCauseUser) return children;
  if (isPending) return <PageLoading />;
  if (data && data.length === 0) return <Navigate to="/add-cause" replace state={COMPLETE_PROFILE_STATE} />;
  return children;
}
