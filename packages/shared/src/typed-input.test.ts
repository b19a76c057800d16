import { describe, expect, it } from 'vitest';
import { groupCardNumber, normaliseBsb, parseCardExpiry } from './typed-input.ts';

describe('parseCardExpiry', () => {
  it.each(['1229', '12/29', '12 / 29', '12/2029', ' 12/29 '])('reads %j as December 2029', (typed) => {
    expect(parseCardExpiry(typed)).toEqual({ month: 12, year: 2029 });
  });
  it('reads a one-digit month with a slash', () => {
    expect(parseCardExpiry('1/30')).toEqual({ month: 1, year: 2030 });
  });
  it.each(['', '13/29', '0029', '12', '12/2', 'ab/cd', '122'])('refuses %j', (typed) => {
    expect(parseCardExpiry(typed)).toBeUndefined();
  });
});

describe('groupCardNumber', () => {
  it('groups digits in fours as they are typed', () => {
    expect(groupCardNumber('42424')).toBe('4242 4');
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242-4242 4242')).toBe('4242 4242 4242');
  });
  it('leaves an empty field empty', () => {
    expect(groupCardNumber('')).toBe('');
  });
});

describe('normaliseBsb', () => {
  it.each(['123456', '123-456', '123 456', ' 123456 '])('writes %j as 123-456', (typed) => {
    expect(normaliseBsb(typed)).toBe('123-456');
  });
  it('leaves a malformed BSB for the schema to refuse', () => {
    expect(normaliseBsb('12-3456')).toBe('12-3456');
  });
});
