/**
 * Where a session change is taking the user: the landing of a sign-in, or `/` after signing out. The screen left
 * stays on show while the next one's chunk loads (navigations are transitions), and the session change makes its
 * guard redirect: that redirect must go there too (not to `/` or to the sign-in page). A live binding: importers
 * read the current value. The guard clears it once the landing shows.
 */
export let sessionLanding: string | undefined;

export function setSessionLanding(path?: string): void {
  sessionLanding = path;
}
