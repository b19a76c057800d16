import { describe, expect, it } from 'vitest';
import { DIRECTORY_PAGE_SIZE, directoryQueryFromParams } from './directory-query.ts';
import { logoProblem } from './logo-check.ts';

describe('directoryQueryFromParams', () => {
  it('defaults to the first page of the latest causes', () => {
    expect(directoryQueryFromParams(new URLSearchParams())).toEqual({ page: 1, limit: DIRECTORY_PAGE_SIZE, sortBy: 'created_at:desc', category: undefined, search: undefined });
  });
  it('reads page, A-Z sort, category and trimmed search from the address', () => {
    expect(directoryQueryFromParams(new URLSearchParams('page=3&sortBy=name:asc&category=health&search=%20reef%20'))).toMatchObject({
      page: 3,
      sortBy: 'name:asc',
      category: 'health',
      search: 'reef',
    });
  });
  it('ignores values the API would refuse', () => {
    expect(directoryQueryFromParams(new URLSearchParams('page=-2&sortBy=story:asc&category=space&search=%20'))).toMatchObject({
      page: 1,
      sortBy: 'created_at:desc',
      category: undefined,
      search: undefined,
    });
  });
});

describe('logoProblem', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB', () => {
    expect(logoProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(logoProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeUndefined();
  });
  it('refuses other types and larger files', () => {
    expect(logoProblem({ type: 'image/gif', size: 1000 })).toBe('form.logoWrongType');
    expect(logoProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('form.logoTooLarge');
  });
});
