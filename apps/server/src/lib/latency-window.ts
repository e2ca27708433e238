/**
 * The response times of the last N requests of one kind, for what /status tells people ("median
 * 120 ms over the last 500 translations") — a claim measured on this server, not a promise.
 * A fixed ring buffer: recording is O(1) and memory stays flat however long the server runs.
 */
export interface LatencySummary {
  samples: number;
  median_ms: number;
  p95_ms: number;
}

export class LatencyWindow {
  private readonly times: Float64Array;
  private count = 0;
  private next = 0;

  constructor(readonly size = 500) {
    this.times = new Float64Array(size);
  }

  record(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    this.times[this.next] = ms;
    this.next = (this.next + 1) % this.size;
    this.count = Math.min(this.count + 1, this.size);
  }

  /** Null until something was recorded. Sorting 500 numbers per /status call is cheap. */
  summary(): LatencySummary | null {
    if (this.count === 0) return null;
    const sorted = Array.from(this.times.subarray(0, this.count)).sort((a, b) => a - b);
    const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
    return { samples: this.count, median_ms: Math.round(at(0.5)), p95_ms: Math.round(at(0.95)) };
  }
}
