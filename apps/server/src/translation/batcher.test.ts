import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/errors.ts';
import { Batcher } from './batcher.ts';

/**
 * An engine that upper-cases sentences and records every call; `hold` keeps calls open until
 * released, to see what piles up while the engine is busy.
 */
function recordingEngine(maxConcurrentBatches = 1) {
  const calls: { sentences: string[]; pair: string; signal?: AbortSignal }[] = [];
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  return {
    calls,
    maxConcurrentBatches,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      open();
    },
    async translate(sentences: readonly string[], source: string, target: string, signal?: AbortSignal) {
      calls.push({ sentences: [...sentences], pair: `${source}>${target}`, signal });
      await gate;
      signal?.throwIfAborted();
      return sentences.map((sentence) => sentence.toUpperCase());
    },
  };
}

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A window for sentences submitted in one go: the batcher reads the clock at each submit, and a
 * process descheduled for 5 ms between two of them (load 7 on 2 cores) sent the first ones alone.
 */
const WINDOW_MS = 50;

/** A batcher on a recording engine that holds its first batch until released. */
function heldBatcher() {
  const engine = recordingEngine();
  const batcher = new Batcher({ engine, windowMs: 1, maxBatchSize: 16, queueLimit: 100 });
  engine.hold();
  return { engine, batcher };
}

describe('Batcher', () => {
  it('puts concurrent sentences of one language pair into one engine call', async () => {
    const engine = recordingEngine();
    const batcher = new Batcher({ engine, windowMs: WINDOW_MS, maxBatchSize: 16, queueLimit: 100 });
    const results = await Promise.all(['a', 'b', 'c'].map((s) => batcher.submit(s, 'eng_Latn', 'fra_Latn')));
    expect(results).toEqual(['A', 'B', 'C']);
    expect(engine.calls).toEqual([
      { sentences: ['a', 'b', 'c'], pair: 'eng_Latn>fra_Latn', signal: expect.anything() },
    ]);
  });

  it('keeps language pairs apart and caps the batch size', async () => {
    const engine = recordingEngine();
    const batcher = new Batcher({ engine, windowMs: WINDOW_MS, maxBatchSize: 2, queueLimit: 100 });
    await Promise.all([
      batcher.submit('a', 'eng_Latn', 'fra_Latn'),
      batcher.submit('b', 'eng_Latn', 'deu_Latn'),
      batcher.submit('c', 'eng_Latn', 'fra_Latn'),
      batcher.submit('d', 'eng_Latn', 'fra_Latn'),
    ]);
    expect(engine.calls.map((call) => [call.pair, call.sentences])).toEqual([
      ['eng_Latn>fra_Latn', ['a', 'c']],
      ['eng_Latn>deu_Latn', ['b']],
      ['eng_Latn>fra_Latn', ['d']],
    ]);
  });

  it('collects what arrives while the engine is busy into the next batch', async () => {
    const { engine, batcher } = heldBatcher();
    const first = batcher.submit('first', 'eng_Latn', 'fra_Latn');
    await tick(10);
    const later = ['x', 'y', 'z'].map((s) => batcher.submit(s, 'eng_Latn', 'fra_Latn'));
    await tick(10);
    expect(batcher.queued).toBe(3);
    engine.release();
    await Promise.all([first, ...later]);
    expect(engine.calls.map((call) => call.sentences)).toEqual([['first'], ['x', 'y', 'z']]);
  });

  it('refuses work beyond the queue limit with 503 and Retry-After, but never on an empty queue', async () => {
    const engine = recordingEngine();
    const batcher = new Batcher({ engine, windowMs: 1, maxBatchSize: 4, queueLimit: 3 });
    expect(() => batcher.admit(50)).not.toThrow();
    engine.hold();
    const busy = batcher.submit('busy', 'eng_Latn', 'fra_Latn');
    await tick(5);
    const waiting = ['a', 'b'].map((s) => batcher.submit(s, 'eng_Latn', 'fra_Latn'));
    expect(() => batcher.admit(1)).not.toThrow();
    let refusal: unknown;
    try {
      batcher.admit(2);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).statusCode).toBe(503);
    expect((refusal as ApiError).code).toBe('OVERLOADED');
    expect((refusal as ApiError).headers['Retry-After']).toMatch(/^\d+$/);
    expect((refusal as ApiError).detail).toMatch(/queue is full \(2 sentences waiting, the limit is 3\)/);
    engine.release();
    await Promise.all([busy, ...waiting]);
  });

  it('drops a cancelled sentence from the queue before it reaches the engine', async () => {
    const { engine, batcher } = heldBatcher();
    const busy = batcher.submit('busy', 'eng_Latn', 'fra_Latn');
    await tick(5);
    const controller = new AbortController();
    const cancelled = batcher.submit('gone', 'eng_Latn', 'fra_Latn', controller.signal);
    const kept = batcher.submit('kept', 'eng_Latn', 'fra_Latn');
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(batcher.queued).toBe(1);
    engine.release();
    await Promise.all([busy, kept]);
    expect(engine.calls.map((call) => call.sentences)).toEqual([['busy'], ['kept']]);
  });

  it('cancels the engine call only when every sentence in it is abandoned', async () => {
    const { engine, batcher } = heldBatcher();
    const one = new AbortController();
    const two = new AbortController();
    const a = batcher.submit('a', 'eng_Latn', 'fra_Latn', one.signal);
    const b = batcher.submit('b', 'eng_Latn', 'fra_Latn', two.signal);
    await tick(5);
    const call = engine.calls[0]!;
    one.abort();
    await expect(a).rejects.toMatchObject({ name: 'AbortError' });
    expect(call.signal?.aborted).toBe(false);
    two.abort();
    await expect(b).rejects.toMatchObject({ name: 'AbortError' });
    expect(call.signal?.aborted).toBe(true);
    engine.release();
  });

  it('fails every sentence of a batch when the engine fails', async () => {
    const batcher = new Batcher({
      engine: { maxConcurrentBatches: 1, translate: async () => Promise.reject(new Error('engine broke')) },
      windowMs: 1,
      maxBatchSize: 16,
      queueLimit: 100,
    });
    const results = await Promise.allSettled(
      ['a', 'b'].map((s) => batcher.submit(s, 'eng_Latn', 'fra_Latn')),
    );
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
