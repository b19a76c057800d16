import { describe, expect, it } from 'vitest';
import { fieldErrorKeys } from '../../test/schema-errors.ts';
import type { Menu } from '@goodtable/shared';
import { menuFormSchema, menuFormValues } from './menu-form-schema.ts';

const typed = { name: ' Banquet ', description: '', price_per_head: '85,5', min_guests: '10', max_guests: '40', active: 'true' };

describe('menu form', () => {
  it('sends the typed price in the currency’s minor units and the guest range as numbers', () => {
    expect(menuFormSchema('AUD').parse(typed)).toEqual({
      name: 'Banquet',
      description: null,
      price_per_head: 8550,
      min_guests: 10,
      max_guests: 40,
      active: true,
    });
    expect(menuFormSchema('VND').parse({ ...typed, price_per_head: '850000', active: 'false' })).toMatchObject({ price_per_head: 850000, active: false });
  });

  it('reports a bad price, guest count or range under its own field', () => {
    const result = menuFormSchema('VND').safeParse({ ...typed, price_per_head: '85.5', min_guests: 'ten', max_guests: '' });
    expect(result.success).toBe(false);
    expect(Object.keys(fieldErrorKeys(result.error)).sort()).toEqual(['max_guests', 'min_guests', 'price_per_head']);
    const range = menuFormSchema('AUD').safeParse({ ...typed, min_guests: '50', max_guests: '40' });
    expect(fieldErrorKeys(range.error)).toEqual({ max_guests: ['validation.maxBelowMin'] });
  });

  it('starts from the edited menu with its price back in the major unit', () => {
    const menu = { id: 'm1', name: 'Set', description: null, price_per_head: 8550, min_guests: 2, max_guests: 8, active: false } as Menu;
    expect(menuFormValues(menu, 'AUD')).toEqual({ name: 'Set', description: '', price_per_head: '85.5', min_guests: '2', max_guests: '8', active: 'false' });
    expect(menuFormValues(null, 'AUD')).toMatchObject({ price_per_head: '', active: 'true' });
  });
});

