import type { DetectResponse, TranslateRequest, TranslateResponse } from '@sema/shared/api/schemas';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';

import { errorMessage, isAbortError } from '@/lib/api-client';
import { createId } from '@/lib/create-id';

import { detectLanguage } from '../api/detect-language';
import { translateText } from '@/lib/translate-text';
import {
  initialTranslationState,
  translationReducer,
  type TranslationHistoryItem,
} from '../translation-state';

export interface TranslationCallbacks {
  /** Told the readable message and the original error when a call fails (not when it is cancelled). */
  onError?: (message: string, error: unknown) => void;
}

/** The fetchers, replaceable so the state logic can be tested on its own. */
export interface TranslationFetchers {
  translate: (request: TranslateRequest, signal: AbortSignal) => Promise<TranslateResponse>;
  detect: (text: string, signal: AbortSignal) => Promise<DetectResponse>;
}

const defaultFetchers: TranslationFetchers = {
  translate: translateText,
  detect: (text, signal) => detectLanguage({ text }, signal),
};

/**
 * The translation state (loading, the last result and error, the history): starting a call sets loading and clears the error; a success
 * is stored (a translation also goes to the front of the history, 50 at most); a failure stores a
 * readable message and resolves to null.
 *
 * Where Sema differs from the spec on purpose: a new translation does not cancel one still in
 * flight. Each reply in the conversation is its own request, and a quick second send must not wipe
 * the first; the state's result is then the latest to arrive. A new detection does cancel the
 * earlier one (it is asked again as the text changes), and leaving the screen cancels everything.
 */
export function useTranslation(fetchers: TranslationFetchers = defaultFetchers) {
  const [state, dispatch] = useReducer(translationReducer, initialTranslationState);
  const inFlight = useRef(new Set<AbortController>());
  const detection = useRef<AbortController | null>(null);

  useEffect(() => {
    const calls = inFlight.current;
    return () => {
      for (const controller of calls) controller.abort();
    };
  }, []);

  const run = useCallback(
    async <T>(
      call: (signal: AbortSignal) => Promise<T>,
      onSuccess: (value: T) => void,
      callbacks: TranslationCallbacks | undefined,
      controller = new AbortController(),
    ) => {
      inFlight.current.add(controller);
      dispatch({ type: 'started' });
      try {
        const value = await call(controller.signal);
        if (controller.signal.aborted) {
          dispatch({ type: 'cancelled' });
          return null;
        }
        onSuccess(value);
        return value;
      } catch (error) {
        // Cancelled: whoever cancelled it owns what happens next.
        if (controller.signal.aborted || isAbortError(error)) {
          dispatch({ type: 'cancelled' });
          return null;
        }
        const message = errorMessage(error);
        dispatch({ type: 'failed', error: message });
        callbacks?.onError?.(message, error);
        return null;
      } finally {
        inFlight.current.delete(controller);
      }
    },
    [],
  );

  const translate = useCallback(
    (request: TranslateRequest, callbacks?: TranslationCallbacks) =>
      run(
        (signal) => fetchers.translate(request, signal),
        (response) =>
          dispatch({
            type: 'succeeded',
            item: { id: createId('translation'), timestamp: Date.now(), request, response },
          }),
        callbacks,
      ),
    [run, fetchers],
  );

  const detect = useCallback(
    (text: string, callbacks?: TranslationCallbacks) => {
      detection.current?.abort();
      const controller = new AbortController();
      detection.current = controller;
      return run(
        (signal) => fetchers.detect(text, signal),
        () => dispatch({ type: 'settled' }),
        callbacks,
        controller,
      );
    },
    [run, fetchers],
  );

  const actions = useMemo(
    () => ({
      clearError: () => dispatch({ type: 'clearError' }),
      clearResult: () => dispatch({ type: 'clearResult' }),
      clearHistory: () => dispatch({ type: 'clearHistory' }),
      removeHistoryItem: (id: string) => dispatch({ type: 'removeHistoryItem', id }),
      restoreHistory: (items: TranslationHistoryItem[]) => dispatch({ type: 'historyRestored', items }),
    }),
    [],
  );

  return { ...state, translate, detect, ...actions };
}

/** What the translate screen's state offers: translate, detect, the result and the history. */
export type TranslationApi = ReturnType<typeof useTranslation>;
