import { createContext, useContext } from 'react';

/**
 * Route paths (as in the route-access table) that have a real screen. Navigation shows only links that lead
 * somewhere real; a screen added later appears in the menus by being added to the screens map.
 */
export const AvailableScreensContext = createContext<ReadonlySet<string>>(new Set());

export function useAvailableScreens(): ReadonlySet<string> {
  return useContext(AvailableScreensContext);
}
