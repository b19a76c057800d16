import { describe, expect, it } from 'vitest';
import { currencyFractionDigits, formatMoney, majorToMinor, minorToMajor } from './money.ts';
import { openStreetMapSearchUrl } from './restaurants.ts';
import { defaultRestaurantTimeZone, missingForPublish, slugify } from './restaurant-profile-rules.ts';
import { menuInputSchema, restaurantDirectoryQuerySchema, restaurantProfileInputSchema } from './schemas/restaurants.ts';

describe('restaurant helpers', () => {
  it('slugifies names, Vietnamese included', () => {
    expect(slugify('Phở Hà Nội & Đà Nẵng')).toBe('pho-ha-noi-da-nang');
    expect(slugify('  Trattoria  Rossi!! ')).toBe('trattoria-rossi');
  });

  it('lists what publishing still needs', () => {
    expect(missingForPublish({ name: 'A', slug: null, description: ' ', menus: [{ active: false }] })).toEqual([
      'slug', 'description', 'cuisine', 'address', 'city', 'region', 'country', 'menus',
    ]);
    const complete = { name: 'A', slug: 'a-b', description: 'd', cuisine: 'thai', address: '1 St', city: 'Sydney', region: 'New South Wales', country: 'AU' };
    expect(missingForPublish({ ...complete, menus: [{ active: true }] })).toEqual([]);
  });

  it('converts money by the currency’s minor unit', () => {
    expect(currencyFractionDigits('AUD')).toBe(2);
    expect(currencyFractionDigits('VND')).toBe(0);
    expect(majorToMinor(12.5, 'AUD')).toBe(1250);
    expect(majorToMinor(850000, 'VND')).toBe(850000);
    expect(minorToMajor(1250, 'AUD')).toBe(12.5);
    expect(formatMoney(12000, { currency: 'AUD', locale: 'en' })).toBe('A$120.00');
    expect(formatMoney(850000, { currency: 'VND', locale: 'vn' })).toMatch(/^850\.000\s₫$/);
  });

  it('picks the region’s time zone within the country', () => {
    const au = ['Antarctica/Macquarie', 'Australia/Adelaide', 'Australia/Brisbane', 'Australia/Sydney'];
    expect(defaultRestaurantTimeZone('Queensland', au)).toBe('Australia/Brisbane');
    expect(defaultRestaurantTimeZone('Worldwide', au)).toBe('Australia/Adelaide');
    expect(defaultRestaurantTimeZone('Worldwide', ['Asia/Ho_Chi_Minh'])).toBe('Asia/Ho_Chi_Minh');
  });

  it('builds an OpenStreetMap search link', () => {
    expect(openStreetMapSearchUrl({ address: '12 Bạch Đằng', city: 'Da Nang', countryName: 'Vietnam' })).toBe(
      'https://www.openstreetmap.org/search?query=12%20B%E1%BA%A1ch%20%C4%90%E1%BA%B1ng%2C%20Da%20Nang%2C%20Vietnam',
    );
  });
});

describe('restaurant schemas', () => {
  it('turns blanks into null and refuses reserved slugs', () => {
    expect(restaurantProfileInputSchema.parse({ name: '  ', slug: '', country: 'au' })).toMatchObject({ name: null, slug: null, country: 'AU' });
    const reserved = restaurantProfileInputSchema.safeParse({ slug: 'restaurants' });
    expect(reserved.success).toBe(false);
    expect(reserved.error?.issues[0]).toMatchObject({ path: ['slug'], message: 'validation.slugReserved' });
  });

  it('names max_guests when it is below min_guests', () => {
    const result = menuInputSchema.safeParse({ name: 'Set', price_per_head: 100, min_guests: 10, max_guests: 5 });
    expect(result.error?.issues[0]).toMatchObject({ path: ['max_guests'], message: 'validation.maxBelowMin' });
  });

  it('parses directory queries with defaults', () => {
    expect(restaurantDirectoryQuerySchema.parse({ guests: '12' })).toMatchObject({ page: 1, limit: 10, guests: 12, sortBy: { field: 'created_at', direction: 'desc' } });
  });
});
