/**
 * An abort signal that fires when nothing happened for `ms`: a stuck upstream times out, while a long
 * answer that keeps streaming does not. Combined with the caller's signal (the client going away).
 */
export class IdleTimeout {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private lastActivity = performance.now();
  /** Fires on the caller's abort or on the timeout. */
  readonly signal: AbortSignal;
  timedOut = false;

  constructor(
    private readonly ms: number,
    outer: AbortSignal,
  ) {
    this.signal = AbortSignal.any([outer, this.controller.signal]);
    this.schedule(ms);
  }

  /** Something arrived: restart the clock. Only a timestamp, since it runs once per streamed chunk. */
  touch(): void {
    this.lastActivity = performance.now();
  }

  /** Stops the clock, and stops the upstream request when it is still running. */
  dispose(): void {
    clearTimeout(this.timer);
    if (!this.signal.aborted) this.controller.abort(new DOMException('Chat request finished', 'AbortError'));
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      const idle = performance.now() - this.lastActivity;
      if (idle < this.ms) return this.schedule(this.ms - idle);
      this.timedOut = true;
      this.controller.abort(new DOMException('The chat provider did not answer in time', 'TimeoutError'));
    }, delay);
  }
}
