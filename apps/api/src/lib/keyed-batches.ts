/**
 * Group commit by key: work submitted for one key (an event) while a batch of that key is running waits and goes
 * together in the next batch, so a rush on one key costs one transaction per batch instead of one per caller, and the
 * key's batches never overlap on this instance. A batch starts on the next turn of the event loop, so what arrives in
 * the same turn goes together; a lone caller waits for nothing else.
 */
export type BatchOutcome<Output> = { ok: true; value: Output } | { ok: false; error: unknown };

export type KeyedBatches<Input, Output> = {
  /** Settles with this input's own outcome from the batch it ran in (or the batch's error, when the whole batch failed). */
  submit: (key: string, input: Input) => Promise<Output>;
};

/**
 * `run` gets the inputs in arrival order and answers one outcome per input, in the same order; when it throws, every
 * input of that batch is rejected with its error. At most `maxBatch` inputs go in one batch.
 */
export function keyedBatches<Input, Output>(run: (key: string, inputs: Input[]) => Promise<BatchOutcome<Output>[]>, options: { maxBatch: number }): KeyedBatches<Input, Output> {
  type Waiting = { input: Input; resolve: (value: Output) => void; reject: (error: unknown) => void };
  const queues = new Map<string, Waiting[]>();

  async function drain(key: string, queue: Waiting[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      try {
        const outcomes = await run(
          key,
          batch.map((waiting) => waiting.input),
        );
        batch.forEach((waiting, index) => {
          const outcome = outcomes[index];
          if (!outcome) waiting.reject(new Error('keyedBatches: the batch answered fewer outcomes than inputs'));
          else if (outcome.ok) waiting.resolve(outcome.value);
          else waiting.reject(outcome.error);
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    queues.delete(key);
  }

  return {
    submit(key, input) {
      return new Promise<Output>((resolve, reject) => {
        const queue = queues.get(key);
        if (queue) {
          queue.push({ input, resolve, reject });
          return;
        }
        const started: Waiting[] = [{ input, resolve, reject }];
        queues.set(key, started);
        setImmediate(() => void drain(key, started));
      });
    },
  };
}
