import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useSplashProgress } from './use-splash-progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useSplashProgress', () => {
  it('ticks every 150 ms by 5 to 20 percent, up to 100', () => {
    const steps = [0, 0.999, 0.5, 0.999, 0.999, 0.999, 0.999, 0.999];
    let call = 0;
    const random = () => steps[call++ % steps.length]!;
    const { result } = renderHook(() => useSplashProgress(false, random));
    expect(result.current.progress).toBe(0);
    act(() => vi.advanceTimersByTime(149));
    expect(result.current.progress).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.progress).toBe(5); // smallest step
    act(() => vi.advanceTimersByTime(150));
    expect(result.current.progress).toBe(25); // largest step
    act(() => vi.advanceTimersByTime(150));
    expect(result.current.progress).toBe(38); // + 5 + floor(0.5 * 16)
    act(() => vi.advanceTimersByTime(150 * 10));
    expect(result.current.progress).toBe(100);
  });

  it('stays at least 1500 ms, even when the app is ready at once', () => {
    const { result } = renderHook(() => useSplashProgress(true, () => 0.5));
    act(() => vi.advanceTimersByTime(1499));
    expect(result.current.done).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ done: true, progress: 100 });
  });

  it('counts the 1500 ms from when index.html painted the splash, before the scripts ran', () => {
    const paint = { startTime: performance.now() - 1000 } as PerformanceEntry;
    const entries = vi.spyOn(performance, 'getEntriesByName').mockReturnValue([paint]);
    try {
      const { result } = renderHook(() => useSplashProgress(true, () => 0.5));
      act(() => vi.advanceTimersByTime(499));
      expect(result.current.done).toBe(false);
      act(() => vi.advanceTimersByTime(1));
      expect(result.current.done).toBe(true);
    } finally {
      entries.mockRestore();
    }
  });

  it('waits past 1500 ms for the first page to be ready', () => {
    const { result, rerender } = renderHook(({ ready }) => useSplashProgress(ready, () => 0), {
      initialProps: { ready: false },
    });
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current.done).toBe(false);
    rerender({ ready: true });
    expect(result.current.done).toBe(true);
  });
});
