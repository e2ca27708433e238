import { describe, expect, it } from 'vitest';
import { LatencyWindow } from './latency-window.ts';

describe('LatencyWindow', () => {
  it('is null before anything is recorded, then gives the median and 95th percentile', () => {
    const window = new LatencyWindow(100);
    expect(window.summary()).toBeNull();
    for (let ms = 1; ms <= 100; ms++) window.record(ms);
    expect(window.summary()).toEqual({ samples: 100, median_ms: 50, p95_ms: 95 });
  });

  it('keeps only the last N times, and ignores times that are not times', () => {
    const window = new LatencyWindow(10);
    for (let i = 0; i < 50; i++) window.record(1000);
    for (let i = 0; i < 10; i++) window.record(20);
    window.record(Number.NaN);
    window.record(-5);
    expect(window.summary()).toEqual({ samples: 10, median_ms: 20, p95_ms: 20 });
  });
});
