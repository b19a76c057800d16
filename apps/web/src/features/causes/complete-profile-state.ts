/** Navigation state that makes /add-cause open the SPEC.md §5 "complete your profile" dialog. */
export const COMPLETE_PROFILE_STATE = { completeProfile: true } as const;

export function wantsCompleteProfileDialog(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { completeProfile?: unknown }).completeProfile === true;
}
