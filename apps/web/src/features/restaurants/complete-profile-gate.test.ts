import { describe, expect, it } from 'vitest';
import { needsMenus } from './complete-profile-gate.tsx';
import { moveInOrder } from './menu-order.ts';
import { photoProblem, uploadErrorKey } from './photo-check.ts';

describe('complete-profile gate', () => {
  it('covers the bookings and profile screens only', () => {
    for (const path of ['/bookings', '/bookings/5b0a2c58-3f4e-4a57-9d1c-6a1f0c3e9b21', '/profile', '/restaurant-profile', '/restaurants/abc/bookings']) {
      expect(needsMenus(path), path).toBe(true);
    }
    for (const path of ['/account', '/guest-preferences', '/restaurants', '/payments', '/trattoria-rossi', '/bookings/payments']) {
      expect(needsMenus(path), path).toBe(false);
    }
  });
});

describe('menu order', () => {
  it('moves a menu one place and leaves the ends alone', () => {
    expect(moveInOrder({ ids: ['a', 'b', 'c'], id: 'b', direction: -1 })).toEqual(['b', 'a', 'c']);
    expect(moveInOrder({ ids: ['a', 'b', 'c'], id: 'b', direction: 1 })).toEqual(['a', 'c', 'b']);
    expect(moveInOrder({ ids: ['a', 'b', 'c'], id: 'a', direction: -1 })).toEqual(['a', 'b', 'c']);
    expect(moveInOrder({ ids: ['a', 'b', 'c'], id: 'c', direction: 1 })).toEqual(['a', 'b', 'c']);
  });
});

describe('photo checks', () => {
  it('refuses other types and files over 5 MB before uploading', () => {
    expect(photoProblem({ type: 'image/jpeg', size: 1000 })).toBeUndefined();
    expect(photoProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeUndefined();
    expect(photoProblem({ type: 'image/gif', size: 1000 })).toBe('photos.wrongType');
    expect(photoProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('photos.tooLarge');
  });

  it('maps upload error codes to messages', () => {
    expect(uploadErrorKey('uploads.tooLarge')).toBe('photos.tooLarge');
    expect(uploadErrorKey('uploads.unsupportedType')).toBe('photos.wrongType');
    expect(uploadErrorKey('uploads.tooManyPixels')).toBe('photos.tooManyPixels');
    expect(uploadErrorKey('restaurants.tooManyPhotos')).toBe('photos.tooMany');
    expect(uploadErrorKey(undefined)).toBe('photos.uploadError');
  });
});
