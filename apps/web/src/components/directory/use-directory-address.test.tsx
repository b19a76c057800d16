import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { useDirectoryAddress, type AddressUpdate } from './use-directory-address.ts';

describe('useDirectoryAddress', () => {
  it('keeps both of two changes made before the page renders again (a filter, then the sort)', () => {
    window.history.replaceState(null, '', '/bookings?search=reef&status=COMPLETED&page=2');
    let update: AddressUpdate | undefined;
    function Probe() {
      update = useDirectoryAddress().update;
      return null;
    }
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    const rendered = update!;
    act(() => {
      // Both calls use the update of one render, as two quick clicks do.
      rendered({ status: undefined });
      rendered({ sortBy: 'date:asc' });
    });
    const params = new URLSearchParams(window.location.search);
    expect(window.location.pathname).toBe('/bookings');
    expect(params.get('search')).toBe('reef');
    expect(params.get('sortBy')).toBe('date:asc');
    expect(params.has('status')).toBe(false);
    expect(params.has('page')).toBe(false);
  });
});
