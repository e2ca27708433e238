/**
 * The work the built-in engine has handed to its model process and not had back: one entry per message
 * id, settled by the process's answer, by the caller's abort (which tells the process to cancel),
 * or all at once when the process is lost or the engine closes.
 */
import { abortError } from '../../errors.ts';

type Answer = string[] | string[][] | number[][];

interface Pending {
  /** The translations of a `translate`, the n-best lists of `alternatives`, or the token rows of a `generate`. */
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

export class PendingRequests {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** How many are waiting for the model process. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * Sends one piece of work under a new id (`send(id)`) and resolves with its answer. When `signal`
   * aborts first, rejects with an AbortError and calls `cancel(id)`.
   */
  add<T extends Answer>(
    send: (id: number) => void,
    cancel: (id: number) => void,
    signal?: AbortSignal,
  ): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(id);
        cancel(id);
        reject(abortError(signal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (value) => (settle(), resolve(value as T)),
        reject: (error) => (settle(), reject(error)),
      });
      send(id);
    });
  }

  resolve(id: number, answer: Answer): void {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    pending?.resolve(answer);
  }

  /** Rejects one; false if it was no longer waiting (aborted meanwhile). */
  reject(id: number, error: Error): boolean {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    pending?.reject(error);
    return pending !== undefined;
  }

  /** Rejects every one (the model process is gone, or the engine closes). */
  failAll(error: Error): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const entry of pending) entry.reject(error);
  }
}
