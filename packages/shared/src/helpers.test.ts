import { describe, expect, it } from 'vitest';
import { flagEmoji, guestAreaBasePath, isEmptyObject, isValidTimeZone, matchesSelectionFilter, safeRedirectPath, sizeBucket, trimText } from './helpers.ts';
import { bookingGroup } from './booking-status.ts';
import { localeToLanguageTag } from './locales.ts';

describe('helpers', () => {
  it('treats an object of nulls and empty strings as empty', () => {
    expect(isEmptyObject({ a: null, b: '', c: undefined })).toBe(true);
    expect(isEmptyObject({ a: null, b: 'x' })).toBe(false);
    expect(isEmptyObject({ a: 0 })).toBe(false);
  });

  it('trims text and turns missing input into the empty string', () => {
    expect(trimText('  Pho  ')).toBe('Pho');
    expect(trimText(undefined)).toBe('');
    expect(trimText(null)).toBe('');
  });

  it('buckets amounts at the product’s thresholds', () => {
    expect(sizeBucket(10_000_000)).toBe(4);
    expect(sizeBucket(9_999_999)).toBe(3);
    expect(sizeBucket(1_000_000)).toBe(3);
    expect(sizeBucket(100_000)).toBe(2);
    expect(sizeBucket(10_000)).toBe(1);
    expect(sizeBucket(9_999)).toBe(0);
    expect(sizeBucket(1)).toBe(0);
    expect(sizeBucket(0)).toBeUndefined();
    expect(sizeBucket(-5)).toBeUndefined();
  });

  it('derives flag emoji from two-letter codes', () => {
    expect(flagEmoji('AU')).toBe('🇦🇺');
    expect(flagEmoji('vn')).toBe('🇻🇳');
    expect(flagEmoji('AUS')).toBe('');
  });

  it('prefixes the guest area only for a manager acting for a restaurant', () => {
    expect(guestAreaBasePath({ role: 'manager' }, 'r1')).toBe('/guests/r1');
    expect(guestAreaBasePath({ role: 'manager' }, null)).toBe('');
    expect(guestAreaBasePath({ role: 'seller' }, 'r1')).toBe('');
    expect(guestAreaBasePath(null)).toBe('');
  });

  it('filters selection lists ignoring case and whitespace', () => {
    expect(matchesSelectionFilter('New South Wales', 'newsouth')).toBe(true);
    expect(matchesSelectionFilter('Da Nang', ' DA NA ')).toBe(true);
    expect(matchesSelectionFilter('Victoria', 'queens')).toBe(false);
  });

  it('honours only same-site redirects', () => {
    expect(safeRedirectPath('/bookings?status=DRAFT')).toBe('/bookings?status=DRAFT');
    expect(safeRedirectPath('https://evil.example')).toBe('/');
    expect(safeRedirectPath('//evil.example')).toBe('/');
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
    expect(safeRedirectPath(null)).toBe('/');
  });

  it('accepts real IANA zones only', () => {
    expect(isValidTimeZone('Australia/Sydney')).toBe(true);
    expect(isValidTimeZone('Asia/Ho_Chi_Minh')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('maps the product locale vn to the language tag vi', () => {
    expect(localeToLanguageTag('vn')).toBe('vi');
    expect(localeToLanguageTag('en')).toBe('en');
  });

  it('groups bookings as the lifecycle says', () => {
    expect(bookingGroup({ status: 'PENDING' })).toBe('IN_PROGRESS');
    expect(bookingGroup({ status: 'ACCEPTED' })).toBe('IN_PROGRESS');
    expect(bookingGroup({ status: 'CANCELED', suggestion: { date: '2026-12-01' } })).toBe('IN_PROGRESS');
    expect(bookingGroup({ status: 'CANCELED', suggestion: null })).toBe('CANCELLED');
    expect(bookingGroup({ status: 'INCOMPLETE' })).toBe('CANCELLED');
    expect(bookingGroup({ status: 'CONFIRMED' })).toBe('CONFIRMED');
    expect(bookingGroup({ status: 'COMPLETED' })).toBe('COMPLETED');
    expect(bookingGroup({ status: 'DRAFT' })).toBe('DRAFTS');
  });
});
