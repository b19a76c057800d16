import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './work-queue.ts';

describe('work queue', () => {
  it('runs at most `concurrency` jobs at once; the others wait in order and all finish', async () => {
    const queue = createWorkQueue(2);
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const jobs = [0, 1, 2, 3, 4].map((index) =>
      queue.run(async () => {
        started.push(index);
        await new Promise<void>((resolve) => releases.push(resolve));
        return index * 10;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect(queue.stats()).toEqual({ running: 2, waiting: 3 });
    releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    while (releases.length > 0 || started.length < 5) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(jobs)).toEqual([0, 10, 20, 30, 40]);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a failed job', async () => {
    const queue = createWorkQueue(1);
    await expect(queue.run(async () => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
