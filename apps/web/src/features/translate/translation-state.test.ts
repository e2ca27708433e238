import type { TranslateResponse } from '@sema/shared/api/schemas';
import { describe, expect, it } from 'vitest';

import {
  initialTranslationState,
  translationReducer,
  type TranslationHistoryItem,
} from './translation-state';

const response = (text: string): TranslateResponse => ({
  translated_text: text,
  source_language: 'eng_Latn',
  target_language: 'fra_Latn',
  confidence_score: 1,
  processing_time: 0.1,
});
const item = (id: number): TranslationHistoryItem => ({
  id: `t${id}`,
  timestamp: id,
  request: { text: `text ${id}`, target_language: 'fra_Latn' },
  response: response(`texte ${id}`),
});

describe('translation state', () => {
  it('starting sets loading and clears the error', () => {
    const failed = translationReducer(initialTranslationState, { type: 'failed', error: 'Boom' });
    expect(translationReducer(failed, { type: 'started' })).toMatchObject({ isLoading: true, error: null });
  });

  it('success stores the result and puts the item at the front of history, 50 at most', () => {
    let state = initialTranslationState;
    for (let id = 1; id <= 55; id += 1) {
      state = translationReducer(translationReducer(state, { type: 'started' }), {
        type: 'succeeded',
        item: item(id),
      });
    }
    expect(state.isLoading).toBe(false);
    expect(state.result?.translated_text).toBe('texte 55');
    expect(state.history).toHaveLength(50);
    expect(state.history[0]!.id).toBe('t55');
    expect(state.history.at(-1)!.id).toBe('t6');
  });

  it('failure stores the message and stops loading, keeping the previous result', () => {
    const done = translationReducer(initialTranslationState, { type: 'succeeded', item: item(1) });
    const failed = translationReducer(translationReducer(done, { type: 'started' }), {
      type: 'failed',
      error: 'Nope',
    });
    expect(failed).toMatchObject({ isLoading: false, error: 'Nope', result: done.result });
  });

  it('clears the error, the result, the history, or one history item', () => {
    let state = translationReducer(initialTranslationState, { type: 'succeeded', item: item(1) });
    state = translationReducer(state, { type: 'succeeded', item: item(2) });
    state = translationReducer(state, { type: 'failed', error: 'x' });
    expect(translationReducer(state, { type: 'clearError' }).error).toBeNull();
    expect(translationReducer(state, { type: 'clearResult' }).result).toBeNull();
    expect(
      translationReducer(state, { type: 'removeHistoryItem', id: 't1' }).history.map((entry) => entry.id),
    ).toEqual(['t2']);
    expect(translationReducer(state, { type: 'clearHistory' }).history).toEqual([]);
  });

  it('items kept from an earlier visit go after those translated since, without repeats, 50 at most', () => {
    const state = translationReducer(initialTranslationState, { type: 'succeeded', item: item(60) });
    const stored = Array.from({ length: 52 }, (_, index) => item(index + 1));
    const restored = translationReducer(state, { type: 'historyRestored', items: [item(60), ...stored] });
    expect(restored.history).toHaveLength(50);
    expect(restored.history.map((entry) => entry.id).slice(0, 3)).toEqual(['t60', 't1', 't2']);
    expect(restored.result).toBe(state.result);
  });
});
