/**
 * The dynamic batcher: sentences of concurrent requests for the same language pair wait a few
 * milliseconds (or until a batch is full) and then go to the engine in one call. While the engine
 * is busy, new sentences keep collecting, so under load every call carries a full batch.
 *
 * The queue is bounded: `admit` refuses work beyond `queueLimit` waiting sentences, so latency
 * cannot grow without limit. A sentence whose signal aborts leaves the queue at once; a batch whose
 * every sentence was abandoned is cancelled in the engine.
 */
import { abortError, overloaded } from './errors.ts';

/**
 * What the batcher drives: the translation engine (sentences in, translations out), or anything
 * else that does one call for many items of the same group, such as the inference API's token rows.
 */
export type BatchEngine<Item, Result> = {
  readonly maxConcurrentBatches: number;
  /** One call for `items`, all of one `source`→`target` group; one result per item, in order. */
  translate(items: Item[], source: string, target: string, signal?: AbortSignal): Promise<Result[]>;
};

export interface BatcherOptions<Item, Result> {
  engine: BatchEngine<Item, Result>;
  /** How long the first sentence of a batch waits for company. */
  windowMs: number;
  maxBatchSize: number;
  /** Most sentences that may wait (not counting those in the engine). */
  queueLimit: number;
  onBatch?: (size: number, seconds: number) => void;
}

interface Job<Item, Result> {
  sentence: Item;
  pair: string;
  source: string;
  target: string;
  enqueuedAt: number;
  signal: AbortSignal | undefined;
  settled: boolean;
  resolve(translation: Result): void;
  reject(error: unknown): void;
  detach(): void;
}

export class Batcher<Item = string, Result = string> {
  private readonly queues = new Map<string, Job<Item, Result>[]>();
  private waiting = 0;
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private timerDue = Infinity;
  /** Recent seconds per batch, to tell refused clients when to come back. */
  private secondsPerBatch = 0.5;

  constructor(private readonly options: BatcherOptions<Item, Result>) {}

  /** Sentences waiting for a batch. */
  get queued(): number {
    return this.waiting;
  }

  /**
   * Throws a 503 (with Retry-After) if `count` more sentences would overflow the queue. An empty
   * queue always admits, so one long text is never refused on an idle server.
   */
  admit(count: number): void {
    if (count === 0 || this.waiting === 0 || this.waiting + count <= this.options.queueLimit) return;
    const batchesAhead = Math.ceil(this.waiting / this.options.maxBatchSize);
    const retryAfter = Math.min(60, Math.max(1, batchesAhead * this.secondsPerBatch));
    throw overloaded(this.waiting, this.options.queueLimit, Math.ceil(retryAfter));
  }

  /** Queues one sentence and resolves with its translation. */
  submit(sentence: Item, source: string, target: string, signal?: AbortSignal): Promise<Result> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<Result>((resolve, reject) => {
      const pair = `${source}>${target}`;
      const onAbort = () => this.abandon(job);
      const job: Job<Item, Result> = {
        sentence,
        pair,
        source,
        target,
        enqueuedAt: performance.now(),
        signal,
        settled: false,
        resolve: (translation) => {
          if (job.settled) return;
          job.settled = true;
          job.detach();
          resolve(translation);
        },
        reject: (error) => {
          if (job.settled) return;
          job.settled = true;
          job.detach();
          reject(error);
        },
        detach: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const queue = this.queues.get(pair) ?? [];
      queue.push(job);
      this.queues.set(pair, queue);
      this.waiting++;
      this.dispatch();
    });
  }

  /** Fails every waiting sentence (on shutdown). */
  close(error: Error): void {
    clearTimeout(this.timer);
    for (const queue of this.queues.values()) for (const job of queue) job.reject(error);
    this.queues.clear();
    this.waiting = 0;
  }

  private abandon(job: Job<Item, Result>): void {
    const queue = this.queues.get(job.pair);
    const index = queue?.indexOf(job) ?? -1;
    if (queue && index >= 0) {
      queue.splice(index, 1);
      this.waiting--;
      if (queue.length === 0) this.queues.delete(job.pair);
    }
    job.reject(abortError(job.signal));
  }

  /** Sends every batch that is due while the engine has room, and schedules the next check. */
  private dispatch(): void {
    const now = performance.now();
    let nextDue = Infinity;
    while (this.inFlight < this.options.engine.maxConcurrentBatches) {
      const pair = this.duePair(now);
      if (pair === undefined) break;
      this.send(pair);
    }
    if (this.inFlight < this.options.engine.maxConcurrentBatches) {
      for (const queue of this.queues.values()) {
        nextDue = Math.min(nextDue, queue[0]!.enqueuedAt + this.options.windowMs);
      }
    }
    if (nextDue === Infinity || nextDue >= this.timerDue) return;
    clearTimeout(this.timer);
    this.timerDue = nextDue;
    this.timer = setTimeout(
      () => {
        this.timerDue = Infinity;
        this.dispatch();
      },
      Math.max(0, nextDue - now),
    );
  }

  /** The pair whose oldest sentence has waited longest, among those with a full or expired batch. */
  private duePair(now: number): string | undefined {
    let best: string | undefined;
    let oldest = Infinity;
    for (const [pair, queue] of this.queues) {
      const head = queue[0]!;
      const due = queue.length >= this.options.maxBatchSize || now - head.enqueuedAt >= this.options.windowMs;
      if (due && head.enqueuedAt < oldest) {
        oldest = head.enqueuedAt;
        best = pair;
      }
    }
    return best;
  }

  private send(pair: string): void {
    const queue = this.queues.get(pair)!;
    const jobs = queue.splice(0, this.options.maxBatchSize);
    if (queue.length === 0) this.queues.delete(pair);
    this.waiting -= jobs.length;
    this.inFlight++;

    // The engine call is cancelled only when every sentence in it has been abandoned.
    const controller = new AbortController();
    let open = jobs.length;
    for (const job of jobs) {
      job.detach();
      const onAbort = () => {
        job.reject(abortError(job.signal));
        if (--open === 0) controller.abort();
      };
      if (job.signal?.aborted) onAbort();
      else job.signal?.addEventListener('abort', onAbort, { once: true });
      job.detach = () => job.signal?.removeEventListener('abort', onAbort);
    }

    const { source, target } = jobs[0]!;
    const started = performance.now();
    this.options.engine
      .translate(
        jobs.map((job) => job.sentence),
        source,
        target,
        controller.signal,
      )
      .then(
        (translations) => {
          if (translations.length !== jobs.length) {
            const error = new Error(
              `The engine returned ${translations.length} translations for ${jobs.length} sentences`,
            );
            jobs.forEach((job) => job.reject(error));
          } else jobs.forEach((job, i) => job.resolve(translations[i]!));
        },
        (error: unknown) => jobs.forEach((job) => job.reject(error)),
      )
      .finally(() => {
        const seconds = (performance.now() - started) / 1000;
        this.secondsPerBatch = 0.8 * this.secondsPerBatch + 0.2 * seconds;
        this.options.onBatch?.(jobs.length, seconds);
        this.inFlight--;
        this.dispatch();
      });
  }
}
