import { describe, expect, it } from 'vitest';
import { directoryStateFromParams, prefilledParams } from './directory-query.ts';
import { parsePriceInput, priceInputText } from '../../lib/price-input.ts';

describe('restaurant directory query', () => {
  it('reads a valid address and ignores invalid values', () => {
    expect(directoryStateFromParams(new URLSearchParams('page=2&sortBy=name:asc&search=%20pho%20&region=Victoria&cuisine=thai&guests=24'))).toEqual({
      page: 2,
      limit: 12,
      sortBy: 'name:asc',
      search: 'pho',
      region: 'Victoria',
      cuisine: 'thai',
      guests: 24,
    });
    expect(directoryStateFromParams(new URLSearchParams('page=-1&sortBy=price:asc&region=Mars&cuisine=martian&guests=abc&search=%20'))).toEqual({
      page: 1,
      limit: 12,
      sortBy: 'created_at:desc',
      search: undefined,
      region: undefined,
      cuisine: undefined,
      guests: undefined,
    });
  });

  it('pre-fills region and party size from a client’s defaults only when the address has no filters', () => {
    const defaults = { region: 'Queensland' as const, party_size: 30 };
    expect(prefilledParams(new URLSearchParams(''), defaults)?.toString()).toBe('region=Queensland&guests=30');
    expect(prefilledParams(new URLSearchParams('search=thai'), defaults)).toBeNull();
    expect(prefilledParams(new URLSearchParams(''), { region: null, party_size: null })).toBeNull();
    expect(prefilledParams(new URLSearchParams(''), null)).toBeNull();
  });
});

describe('price input', () => {
  it('turns typed prices into minor units by currency', () => {
    expect(parsePriceInput('85', 'AUD')).toBe(8500);
    expect(parsePriceInput(' 85,5 ', 'AUD')).toBe(8550);
    expect(parsePriceInput('85.555', 'AUD')).toBeNull();
    expect(parsePriceInput('850000', 'VND')).toBe(850000);
    expect(parsePriceInput('850000.5', 'VND')).toBeNull();
    expect(parsePriceInput('-3', 'AUD')).toBeNull();
    expect(parsePriceInput('', 'AUD')).toBeNull();
  });

  it('shows stored prices in major units', () => {
    expect(priceInputText(8550, 'AUD')).toBe('85.5');
    expect(priceInputText(850000, 'VND')).toBe('850000');
  });
});
