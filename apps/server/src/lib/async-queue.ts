/**
 * Turns callbacks (node-llama-cpp's `onResponseChunk`, a document's progress) into an async iterable to stream
 * from. Unbounded on purpose: a generation is bounded by `maxTokens`, a document by its length.
 */
export class AsyncQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private waiting: ((result: IteratorResult<T>) => void) | undefined;
  private failWaiting: ((error: unknown) => void) | undefined;
  private ended = false;
  private error: { value: unknown } | undefined;

  push(item: T): void {
    if (this.ended) return;
    if (this.waiting) this.settle().resolve({ value: item, done: false });
    else this.items.push(item);
  }

  end(): void {
    this.ended = true;
    if (this.waiting) this.settle().resolve({ value: undefined, done: true });
  }

  fail(error: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.error = { value: error };
    if (this.waiting) this.settle().reject(error);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      if (this.items.length > 0) {
        yield this.items.shift() as T;
        continue;
      }
      if (this.error) throw this.error.value;
      if (this.ended) return;
      const next = await new Promise<IteratorResult<T>>((resolve, reject) => {
        this.waiting = resolve;
        this.failWaiting = reject;
      });
      if (next.done) return;
      yield next.value;
    }
  }

  private settle() {
    const resolve = this.waiting!;
    const reject = this.failWaiting!;
    this.waiting = undefined;
    this.failWaiting = undefined;
    return { resolve, reject };
  }
}
