/** Navigation state that makes /add-cause open the "complete your profile" dialog (docs/product.md, Validation rules). */
export const COMPLETE_PROFILE_STATE = { completeProfile: true } as const;

export function wantsCompleteProfileDialog(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { completeProfile?: unknown }).completeProfile === true;
}
