import { describe, expect, it } from 'vitest';
import { goalPercent, parseProgressFrame } from './event-progress.ts';
import { qrPath } from '../../components/qr/qr-code.tsx';

describe('share page progress', () => {
  it('is the whole percentage of the goal raised, kept between 0 and 100, and 0 without a goal', () => {
    expect(goalPercent(0, 250000)).toBe(0);
    expect(goalPercent(140000, 250000)).toBe(56);
    expect(goalPercent(249999, 250000)).toBe(99);
    expect(goalPercent(300000, 250000)).toBe(100);
    expect(goalPercent(5000, null)).toBe(0);
    expect(goalPercent(5000, 0)).toBe(0);
  });

  it('reads a stream frame’s tickets left and money raised, and nothing else', () => {
    expect(parseProgressFrame('{"tickets_left":18,"raised":140000}')).toEqual({ tickets_left: 18, raised: 140000 });
    expect(parseProgressFrame('{"tickets_left":"18","raised":140000}')).toBeNull();
    expect(parseProgressFrame('{"raised":1}')).toBeNull();
    expect(parseProgressFrame('null')).toBeNull();
    expect(parseProgressFrame('not json')).toBeNull();
  });
});

describe('share page QR code', () => {
  it('draws the code with its three finder patterns inside a two-module border', () => {
    const { size, path } = qrPath('https://goodtable.example/share/2b1f8a34-9c1e-4f0a-8d57-3c0b7f6d2e11');
    // This 69-character address needs version 5 at level M (37 modules), plus a border of 2 on each side.
    expect(size).toBe(41);
    const dark = new Set(path.split('z').filter(Boolean).map((square) => square.replace(/^M/, '').replace('h1v1h-1', '')));
    const isDark = (x: number, y: number) => dark.has(`${x} ${y}`);
    for (const [left, top] of [
      [2, 2],
      [size - 9, 2],
      [2, size - 9],
    ] as const) {
      // A finder pattern: a dark 7×7 ring, a light ring inside it, a dark 3×3 centre.
      expect(isDark(left, top) && isDark(left + 6, top + 6) && isDark(left + 3, top + 3)).toBe(true);
      expect(isDark(left + 1, top + 1)).toBe(false);
    }
    expect(isDark(0, 0)).toBe(false);
  });
});
