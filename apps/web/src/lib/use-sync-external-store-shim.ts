/**
 * Stands in for the `use-sync-external-store/shim` package (vite.config.ts alias). react-i18next imports the shim to
 * support React 17; on React 18 and later the shim only hands back React's own hook, yet its fallback code would ride
 * in every page's first chunk.
 */
export { useSyncExternalStore } from 'react';
