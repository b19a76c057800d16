/**
 * Runs at most `concurrency` jobs at a time; the others wait their turn in order. Image decoding goes through
 * one, so a burst of uploads costs a bounded amount of CPU and memory and the rest of the API stays responsive.
 */
export type WorkQueue = {
  run: <Result>(job: () => Promise<Result>) => Promise<Result>;
  /** Jobs running now and jobs waiting (for tests and diagnostics). */
  stats: () => { running: number; waiting: number };
};

export function createWorkQueue(concurrency: number): WorkQueue {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function run<Result>(job: () => Promise<Result>): Promise<Result> {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await job();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  }

  return { run, stats: () => ({ running, waiting: waiting.length }) };
}
