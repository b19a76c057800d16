import { useSyncExternalStore, type ReactNode } from 'react';

const neverChanges = () => () => undefined;

/**
 * The form controls inside are disabled while the browser hydrates the server's HTML of this part, and work once React
 * has taken it over: a click or keystroke before then would do nothing, or submit the form as a plain page
 * (docs/decisions/0231-public-pages-rendered-by-react-on-the-server.md). A lazily loaded part hydrates when its code
 * is here, on its own: each Suspense boundary around one holds its own `UntilHydrated`. Links work all along.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(neverChanges, () => true, () => false);
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
