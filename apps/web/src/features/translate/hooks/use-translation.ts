import type { DetectResponse, TranslateRequest, TranslateResponse } from '@sema/shared/api/schemas';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';

import { errorMessage, isAbortError } from '@/lib/api-client';
import { createId } from '@/lib/create-id';

import { detectLanguage } from '../api/detect-language';
import { translateText } from '../api/translate-text';
import { initialTranslationState, translationReducer } from '../translation-state';

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
 * The translation state of spec part 4. Starting a call cancels the earlier one still in flight,
 * sets loading and clears the error; a success is stored (a translation also goes to the front of
 * the history, 50 at most); a failure stores a readable message and resolves to null.
 */
export function useTranslation(fetchers: TranslationFetchers = defaultFetchers) {
  const [state, dispatch] = useReducer(translationReducer, initialTranslationState);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const run = useCallback(
    async <T>(
      call: (signal: AbortSignal) => Promise<T>,
      onSuccess: (value: T) => void,
      callbacks?: TranslationCallbacks,
    ) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      dispatch({ type: 'started' });
      try {
        const value = await call(controller.signal);
        if (controller.signal.aborted) return null;
        onSuccess(value);
        return value;
      } catch (error) {
        // A newer call took over: the state is now its business.
        if (controller.signal.aborted || isAbortError(error)) return null;
        const message = errorMessage(error);
        dispatch({ type: 'failed', error: message });
        callbacks?.onError?.(message, error);
        return null;
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
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
    (text: string, callbacks?: TranslationCallbacks) =>
      run(
        (signal) => fetchers.detect(text, signal),
        () => dispatch({ type: 'settled' }),
        callbacks,
      ),
    [run, fetchers],
  );

  const actions = useMemo(
    () => ({
      clearError: () => dispatch({ type: 'clearError' }),
      clearResult: () => dispatch({ type: 'clearResult' }),
      clearHistory: () => dispatch({ type: 'clearHistory' }),
      removeHistoryItem: (id: string) => dispatch({ type: 'removeHistoryItem', id }),
    }),
    [],
  );

  return { ...state, translate, detect, ...actions };
}
