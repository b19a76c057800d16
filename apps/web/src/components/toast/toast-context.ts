import { lazy, Suspense, createElement, useSyncExternalStore, type ReactNode } from 'react';
import type { ToastInput } from './toast-types.ts';

// Sonner loads with the first toast, not with every page: public pages stay within their JavaScript budget. Sonner
// replays toasts published before its Toaster subscribed, so nothing shown while it loads is lost.
const loadSonner = () => import('./sonner-toasts.tsx');
const LazySonnerToaster = lazy(async () => ({ default: (await loadSonner()).SonnerToaster }));

let toasterWanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Shows a toast (docs/product.md, Business constants: closes after 3000 ms). */
export function showToast(input: ToastInput): void {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  void loadSonner().then(({ publishToast }) => publishToast(input));
}

/** Mounted once by the app: renders the toast region from the first toast on. */
export function AppToaster(): ReactNode {
  // No toast in a page the server renders: the region comes with the first toast.
  const wanted = useSyncExternalStore(subscribe, () => toasterWanted, () => false);
  return wanted ? createElement(Suspense, { fallback: null }, createElement(LazySonnerToaster)) : null;
}

export function useToast(): { showToast: (toast: ToastInput) => void } {
  return { showToast };
}
