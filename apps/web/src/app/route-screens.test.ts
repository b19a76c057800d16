import { describe, expect, it } from 'vitest';
import { findRouteAccess } from '@goodtable/shared';
import { routeScreens } from './route-screens.tsx';

describe('route screens', () => {
  it('has the payments lists and the receipt (so the Payments links show), each a guarded route of the table', () => {
    for (const path of ['/bookings/payments', '/payments', '/payments/:id/receipt']) {
      expect(routeScreens[path]).toBeDefined();
      expect(findRouteAccess(path.replace(':id', '7e1f0c3e-9b21-4a57-9d1c-6a1f0c3e9b21'))?.path).toBe(path);
    }
  });
});
