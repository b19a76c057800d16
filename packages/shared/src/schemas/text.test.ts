import { describe, expect, it } from 'vitest';
import { optionalText, textInput } from './text.ts';

describe('textInput', () => {
  it('refuses NUL, other C0 controls, DEL and C1 controls with one key', () => {
    for (const value of ['a\u0000b', 'a\u0001', '\u001f', 'del\u007f', 'next line\u0085', '\u009f', 'tab\tin one line', 'two\nlines']) {
      const result = textInput().safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.controlCharacters');
    }
  });

  it('accepts ordinary text, accents and emoji', () => {
    for (const value of ['Phở Hà Nội', 'Crème brûlée', 'Tom & Jerry’s “Grill”', '🍜 noodles', '']) expect(textInput().parse(value)).toBe(value);
  });

  it('allows tab, line feed and carriage return in multi-line text only', () => {
    expect(textInput('validation.notAString', { multiline: true }).parse('a\r\n\tb\nc')).toBe('a\r\n\tb\nc');
    expect(textInput('validation.notAString', { multiline: true }).safeParse('a\u0000b').success).toBe(false);
  });

  it('keeps its own message for a value that is not a string', () => {
    expect(textInput('validation.required').safeParse(42).error?.issues[0]?.message).toBe('validation.required');
  });

  it('optionalText trims, turns blank into null and still refuses controls', () => {
    expect(optionalText(10).parse('  hi  ')).toBe('hi');
    expect(optionalText(10).parse('   ')).toBeNull();
    expect(optionalText(10).parse(undefined)).toBeNull();
    expect(optionalText(10).safeParse('x\u0000').success).toBe(false);
  });
});
