import { describe, expect, it } from 'vitest';
import { keyedBatches, type BatchOutcome } from './keyed-batches.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('keyed batches (group commit by key)', () => {
  it('what arrives while a key’s batch runs goes together in its next batch, in arrival order; keys do not wait for each other', async () => {
    const runs: { key: string; inputs: number[] }[] = [];
    const releases: (() => void)[] = [];
    const batches = keyedBatches<number, string>(
      async (key, inputs) => {
        runs.push({ key, inputs });
        await new Promise<void>((resolve) => releases.push(resolve));
        return inputs.map((input) => ({ ok: true, value: `${key}:${input}` }));
      },
      { maxBatch: 10 },
    );
    const first = batches.submit('a', 1);
    await nextTurn();
    // Batch [1] of key a runs: 2 and 3 wait for the next one; key b starts its own at once.
    const waiting = [batches.submit('a', 2), batches.submit('a', 3)];
    const other = batches.submit('b', 9);
    await nextTurn();
    expect(runs).toEqual([
      { key: 'a', inputs: [1] },
      { key: 'b', inputs: [9] },
    ]);
    releases.shift()!();
    expect(await first).toBe('a:1');
    await nextTurn();
    expect(runs[2]).toEqual({ key: 'a', inputs: [2, 3] });
    releases.shift()!();
    releases.shift()!();
    expect(await Promise.all([...waiting, other])).toEqual(['a:2', 'a:3', 'b:9']);
  });

  it('settles each input with its own outcome, rejects a whole batch with its error, and keeps serving the key after it', async () => {
    let failNext = false;
    const batches = keyedBatches<number, number>(
      async (_key, inputs) => {
        if (failNext) throw new Error('database went away');
        return inputs.map((input): BatchOutcome<number> => (input % 2 === 0 ? { ok: true, value: input * 10 } : { ok: false, error: new Error(`odd ${input}`) }));
      },
      { maxBatch: 10 },
    );
    const answers = await Promise.allSettled([1, 2, 3, 4].map((input) => batches.submit('k', input)));
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : (answer.reason as Error).message))).toEqual(['odd 1', 20, 'odd 3', 40]);
    failNext = true;
    await expect(Promise.all([batches.submit('k', 2), batches.submit('k', 4)])).rejects.toThrow('database went away');
    failNext = false;
    expect(await batches.submit('k', 6)).toBe(60);
  });

  it('puts at most maxBatch inputs in one batch', async () => {
    const sizes: number[] = [];
    const batches = keyedBatches<number, number>(
      async (_key, inputs) => {
        sizes.push(inputs.length);
        return inputs.map((input) => ({ ok: true, value: input }));
      },
      { maxBatch: 3 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7].map((input) => batches.submit('k', input)))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sizes).toEqual([3, 3, 1]);
  });
});
