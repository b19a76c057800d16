import { describe, expect, it } from 'vitest';
import { isCauseSortValue, selectCause, slugFromName, sortCauses } from './cause-selection.ts';

const causes = [
  { id: 'b', name: 'beta', created_at: '2025-03-01T00:00:00.000Z' },
  { id: 'a', name: 'Alpha', created_at: '2025-01-01T00:00:00.000Z' },
  { id: 'c', name: 'Gamma', created_at: '2025-02-01T00:00:00.000Z' },
];

describe('selectCause', () => {
  it('selects the cause named by causeId', () => {
    expect(selectCause(causes, 'c')?.id).toBe('c');
  });
  it('falls back to the first cause when causeId is missing or unknown', () => {
    expect(selectCause(causes, null)?.id).toBe('b');
    expect(selectCause(causes, undefined)?.id).toBe('b');
    expect(selectCause(causes, 'not-there')?.id).toBe('b');
  });
  it('selects nothing from an empty list', () => {
    expect(selectCause([], 'a')).toBeUndefined();
  });
});

describe('sortCauses', () => {
  it('sorts Latest first by creation time', () => {
    expect(sortCauses(causes, 'created_at:desc').map((cause) => cause.id)).toEqual(['b', 'c', 'a']);
  });
  it('sorts A-Z ignoring case, without changing the input', () => {
    expect(sortCauses(causes, 'name:asc').map((cause) => cause.name)).toEqual(['Alpha', 'beta', 'Gamma']);
    expect(causes[0]!.id).toBe('b');
  });
});

describe('slugFromName', () => {
  it('makes a lowercase hyphenated address without accents', () => {
    expect(slugFromName('Bếp Yêu Thương!')).toBe('bep-yeu-thuong');
    expect(slugFromName('  Đà Nẵng   Food Bank ')).toBe('da-nang-food-bank');
    expect(slugFromName('***')).toBe('');
  });
});

describe('isCauseSortValue', () => {
  it('accepts only the two layout sorts', () => {
    expect(isCauseSortValue('name:asc')).toBe(true);
    expect(isCauseSortValue('created_at:desc')).toBe(true);
    expect(isCauseSortValue('name:desc')).toBe(false);
    expect(isCauseSortValue(null)).toBe(false);
  });
});
