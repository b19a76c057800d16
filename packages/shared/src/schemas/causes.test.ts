import { describe, expect, it } from 'vitest';
import { causeInputSchema, causesQuerySchema } from './causes.ts';

const base = { name: ' Hope Kitchen ', slug: 'Hope-Kitchen', category: 'hunger', story: 'We cook.', published: false };

describe('causeInputSchema', () => {
  it('trims, lower-cases the slug, upper-cases the country and stores empty optional fields as null', () => {
    const parsed = causeInputSchema.parse({ ...base, website: '', charity_registration_number: '  ', country: 'vn' });
    expect(parsed).toEqual({
      name: 'Hope Kitchen',
      slug: 'hope-kitchen',
      category: 'hunger',
      story: 'We cook.',
      website: null,
      charity_registration_number: null,
      country: 'VN',
      published: false,
    });
  });

  it('needs a story to publish, naming the story field', () => {
    const result = causeInputSchema.safeParse({ ...base, story: '', published: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: ['story'], message: 'validation.requiredToPublish' }));
  });

  it('refuses slugs with spaces or double hyphens and websites that are not http(s)', () => {
    expect(causeInputSchema.safeParse({ ...base, slug: 'hope kitchen' }).success).toBe(false);
    expect(causeInputSchema.safeParse({ ...base, slug: 'hope--kitchen' }).success).toBe(false);
    expect(causeInputSchema.safeParse({ ...base, website: 'ftp://hope.example.org' }).success).toBe(false);
    expect(causeInputSchema.safeParse({ ...base, website: 'https://hope.example.org/about' }).success).toBe(true);
  });
});

describe('causesQuerySchema', () => {
  it('defaults to the first page of the latest causes', () => {
    expect(causesQuerySchema.parse({})).toMatchObject({ page: 1, limit: 10, sortBy: { field: 'created_at', direction: 'desc' } });
  });
  it('reads A-Z and a category', () => {
    expect(causesQuerySchema.parse({ sortBy: 'name:asc', category: 'arts', page: '3' })).toMatchObject({ page: 3, sortBy: { field: 'name', direction: 'asc' }, category: 'arts' });
  });
});
