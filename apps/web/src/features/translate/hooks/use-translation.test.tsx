import type { DetectResponse, TranslateRequest, TranslateResponse } from '@sema/shared/api/schemas';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { useTranslation, type TranslationFetchers } from './use-translation';

/** Fetchers that answer when the test says so, and honour cancellation like fetch does. */
function controllableFetchers() {
  const pending: {
    request: TranslateRequest;
    signal: AbortSignal;
    resolve: (r: TranslateResponse) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const fetchers: TranslationFetchers = {
    translate: (request, signal) =>
      new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        pending.push({ request, signal, resolve, reject });
      }),
    detect: async (text) => {
      if (!text.trim()) throw new Error('Text cannot be empty');
      return {
        detected_language: 'swh_Latn',
        confidence: 0.9,
        alternatives: [],
        language_name: 'Swahili',
        native_name: 'Kiswahili',
      } satisfies DetectResponse;
    },
  };
  return { fetchers, pending };
}

const answer = (text: string): TranslateResponse => ({
  translated_text: text,
  source_language: 'eng_Latn',
  target_language: 'swh_Latn',
  confidence_score: 1,
  processing_time: 0.01,
});

describe('useTranslation', () => {
  it('a second translation does not cancel the first: both answer, both go to history', async () => {
    const { fetchers, pending } = controllableFetchers();
    const { result } = renderHook(() => useTranslation(fetchers));
    let first!: Promise<TranslateResponse | null>;
    let second!: Promise<TranslateResponse | null>;
    act(() => {
      first = result.current.translate({ text: 'one', target_language: 'swh_Latn' });
    });
    expect(result.current.isLoading).toBe(true);
    act(() => {
      second = result.current.translate({ text: 'two', target_language: 'swh_Latn' });
    });
    expect(pending[0]!.signal.aborted).toBe(false);
    await act(async () => {
      pending[1]!.resolve(answer('mbili'));
      expect(await second).toEqual(answer('mbili'));
    });
    // The first is still running.
    expect(result.current.isLoading).toBe(true);
    await act(async () => {
      pending[0]!.resolve(answer('moja'));
      expect(await first).toEqual(answer('moja'));
    });
    expect(result.current.isLoading).toBe(false);
    expect(result.current.result?.translated_text).toBe('moja');
    expect(result.current.history.map((item) => item.request.text)).toEqual(['one', 'two']);
    expect(result.current.error).toBeNull();
  });

  it('a new detection cancels the one in flight, and leaving cancels everything', async () => {
    const { fetchers, pending } = controllableFetchers();
    const seen: AbortSignal[] = [];
    const slowDetect: TranslationFetchers = {
      ...fetchers,
      detect: (_text, signal) =>
        new Promise((_resolve, reject) => {
          seen.push(signal);
          signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    };
    const { result, unmount } = renderHook(() => useTranslation(slowDetect));
    let firstDetection!: Promise<unknown>;
    act(() => {
      firstDetection = result.current.detect('Habari');
      void result.current.detect('Habari za asubuhi');
      void result.current.translate({ text: 'x', target_language: 'swh_Latn' });
    });
    await act(async () => {
      expect(await firstDetection).toBeNull();
    });
    expect(seen[0]!.aborted).toBe(true);
    expect(seen[1]!.aborted).toBe(false);
    expect(result.current.isLoading).toBe(true);
    unmount();
    expect(seen[1]!.aborted).toBe(true);
    expect(pending[0]!.signal.aborted).toBe(true);
  });

  it('a failure stores the readable message, tells the caller and resolves to null', async () => {
    const { fetchers, pending } = controllableFetchers();
    const { result } = renderHook(() => useTranslation(fetchers));
    const told: string[] = [];
    let outcome!: Promise<TranslateResponse | null>;
    act(() => {
      outcome = result.current.translate(
        { text: 'x', target_language: 'swh_Latn' },
        { onError: (message) => told.push(message) },
      );
    });
    await act(async () => {
      pending[0]!.reject(new ApiError('The translation model is still loading', 503, 'MODEL_UNAVAILABLE'));
      expect(await outcome).toBeNull();
    });
    expect(result.current.error).toBe('The translation model is still loading');
    expect(told).toEqual(['The translation model is still loading']);
    act(() => result.current.clearError());
    expect(result.current.error).toBeNull();
  });

  it('detection sets loading and error the same way', async () => {
    const { fetchers } = controllableFetchers();
    const { result } = renderHook(() => useTranslation(fetchers));
    await act(async () => {
      expect((await result.current.detect('Habari'))?.detected_language).toBe('swh_Latn');
    });
    expect(result.current.isLoading).toBe(false);
    await act(async () => {
      expect(await result.current.detect('  ')).toBeNull();
    });
    expect(result.current.error).toBe('Text cannot be empty');
    expect(result.current.history).toEqual([]);
  });

  it('clears the result and history, and removes one item', async () => {
    const { fetchers, pending } = controllableFetchers();
    const { result } = renderHook(() => useTranslation(fetchers));
    for (const text of ['a', 'b']) {
      let outcome!: Promise<unknown>;
      act(() => {
        outcome = result.current.translate({ text, target_language: 'swh_Latn' });
      });
      await act(async () => {
        pending.at(-1)!.resolve(answer(text.toUpperCase()));
        await outcome;
      });
    }
    const [newest] = result.current.history;
    act(() => result.current.removeHistoryItem(newest!.id));
    expect(result.current.history.map((item) => item.request.text)).toEqual(['a']);
    act(() => result.current.clearResult());
    expect(result.current.result).toBeNull();
    act(() => result.current.clearHistory());
    expect(result.current.history).toEqual([]);
  });
});
