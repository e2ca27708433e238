import type { TranslateRequest, TranslateResponse } from '@sema/shared/api/schemas';

import { TRANSLATION_HISTORY_LIMIT } from '@/config/constants';

/** One past translation (spec part 3). */
export interface TranslationHistoryItem {
  id: string;
  timestamp: number;
  request: TranslateRequest;
  response: TranslateResponse;
}

/** The translation state of spec part 4. */
export interface TranslationState {
  isLoading: boolean;
  result: TranslateResponse | null;
  error: string | null;
  history: TranslationHistoryItem[];
}

export type TranslationAction =
  | { type: 'started' }
  | { type: 'succeeded'; item: TranslationHistoryItem }
  | { type: 'failed'; error: string }
  /** A detection finished: loading stops, nothing else changes. */
  | { type: 'settled' }
  | { type: 'clearError' }
  | { type: 'clearResult' }
  | { type: 'clearHistory' }
  | { type: 'removeHistoryItem'; id: string };

export const initialTranslationState: TranslationState = {
  isLoading: false,
  result: null,
  error: null,
  history: [],
};

export function translationReducer(state: TranslationState, action: TranslationAction): TranslationState {
  switch (action.type) {
    case 'started':
      return { ...state, isLoading: true, error: null };
    case 'succeeded':
      return {
        ...state,
        isLoading: false,
        result: action.item.response,
        history: [action.item, ...state.history].slice(0, TRANSLATION_HISTORY_LIMIT),
      };
    case 'failed':
      return { ...state, isLoading: false, error: action.error };
    case 'settled':
      return { ...state, isLoading: false };
    case 'clearError':
      return { ...state, error: null };
    case 'clearResult':
      return { ...state, result: null };
    case 'clearHistory':
      return { ...state, history: [] };
    case 'removeHistoryItem':
      return { ...state, history: state.history.filter((item) => item.id !== action.id) };
  }
}
