import type { TranslateRequest, TranslateResponse } from '@sema/shared/api/schemas';

import { TRANSLATION_HISTORY_LIMIT } from '@/config/constants';

/** One past translation. */
export interface TranslationHistoryItem {
  id: string;
  timestamp: number;
  request: TranslateRequest;
  response: TranslateResponse;
}

/** The translation state: whether a call runs, the last result and error, and the history. */
export interface TranslationState {
  /** True while any call is in flight (`inFlight` counts them). */
  isLoading: boolean;
  inFlight: number;
  result: TranslateResponse | null;
  error: string | null;
  history: TranslationHistoryItem[];
}

export type TranslationAction =
  | { type: 'started' }
  | { type: 'succeeded'; item: TranslationHistoryItem }
  | { type: 'failed'; error: string }
  /** A detection finished: its loading ends, nothing else changes. */
  | { type: 'settled' }
  /** A call was cancelled (by a newer detection, or the screen going away): its loading ends. */
  | { type: 'cancelled' }
  | { type: 'clearError' }
  | { type: 'clearResult' }
  | { type: 'clearHistory' }
  | { type: 'removeHistoryItem'; id: string }
  /** Items kept on the device from an earlier visit: they go after any translated since. */
  | { type: 'historyRestored'; items: TranslationHistoryItem[] };

export const initialTranslationState: TranslationState = {
  isLoading: false,
  inFlight: 0,
  result: null,
  error: null,
  history: [],
};

/** One call fewer in flight. */
function ended(state: TranslationState): Pick<TranslationState, 'inFlight' | 'isLoading'> {
  const inFlight = Math.max(0, state.inFlight - 1);
  return { inFlight, isLoading: inFlight > 0 };
}

export function translationReducer(state: TranslationState, action: TranslationAction): TranslationState {
  switch (action.type) {
    case 'started':
      return { ...state, inFlight: state.inFlight + 1, isLoading: true, error: null };
    case 'succeeded':
      return {
        ...state,
        ...ended(state),
        result: action.item.response,
        history: [action.item, ...state.history].slice(0, TRANSLATION_HISTORY_LIMIT),
      };
    case 'failed':
      return { ...state, ...ended(state), error: action.error };
    case 'settled':
    case 'cancelled':
      return { ...state, ...ended(state) };
    case 'clearError':
      return { ...state, error: null };
    case 'clearResult':
      return { ...state, result: null };
    case 'clearHistory':
      return { ...state, history: [] };
    case 'removeHistoryItem':
      return { ...state, history: state.history.filter((item) => item.id !== action.id) };
    case 'historyRestored': {
      const seen = new Set(state.history.map((item) => item.id));
      const restored = action.items.filter((item) => !seen.has(item.id));
      return { ...state, history: [...state.history, ...restored].slice(0, TRANSLATION_HISTORY_LIMIT) };
    }
  }
}
