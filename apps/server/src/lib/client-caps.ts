import { ApiError } from './errors.ts';

/**
 * At most `max` long-running requests (chat answers, document translations) per client at once, so
 * that one client cannot hold every slot of the model or the document workers. Counted in this
 * process, per client: its API key when it has one, else the address the server trusts (see
 * SEMA_TRUST_PROXY).
 */
export class ClientCaps {
  private readonly running = new Map<string, number>();

  constructor(
    private readonly max: number,
    /** What the client is doing, for the message: "chat answers", "document translations". */
    private readonly what: string,
    private readonly retryAfterSeconds = 5,
  ) {}

  /**
   * Takes a slot for `client` (an API key, or an address) and returns its release (safe to call
   * twice), or throws a 429 that says which one is counted.
   */
  acquire(client: string, by: 'address' | 'key' = 'address'): () => void {
    const count = this.running.get(client) ?? 0;
    if (count >= this.max) {
      const whose = by === 'key' ? 'with your API key' : 'from your address';
      throw new ApiError(
        429,
        'TOO_MANY_CONCURRENT',
        `Too many ${this.what} at once ${whose} (the limit is ${this.max}): wait for one to finish`,
        { 'Retry-After': String(this.retryAfterSeconds) },
      );
    }
    this.running.set(client, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(client) ?? 1) - 1;
      if (left <= 0) this.running.delete(client);
      else this.running.set(client, left);
    };
  }

  /** Clients holding a slot (for tests and metrics). */
  get clients(): number {
    return this.running.size;
  }
}
