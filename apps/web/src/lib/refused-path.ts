/** History state of a redirect home from a signed-out-only address: the address the signed-in user asked for. */
export type RefusedPathState = { refusedPath: string };

/** The signed-out-only address that sent the user here, if the current history entry came from such a redirect. */
export function refusedPathOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('refusedPath' in state)) return undefined;
  return typeof state.refusedPath === 'string' ? state.refusedPath : undefined;
}
