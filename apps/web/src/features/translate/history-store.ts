import { createStore, get, set, type UseStore } from 'idb-keyval';

import { TRANSLATION_HISTORY_LIMIT } from '@/config/constants';

import type { TranslationHistoryItem } from './translation-state';

const KEY = 'recent';
let store: UseStore | undefined;
// A database of its own: idb-keyval opens one object store per database. Opened on first use.
const translations = () => (store ??= createStore('sema-translations', 'history'));

/** An item as this version of the app writes it (an older or damaged entry is left out). */
function isHistoryItem(value: unknown): value is TranslationHistoryItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<TranslationHistoryItem>;
  return (
    typeof item.id === 'string' &&
    typeof item.timestamp === 'number' &&
    typeof item.request?.text === 'string' &&
    typeof item.response?.translated_text === 'string' &&
    typeof item.response.source_language === 'string' &&
    typeof item.response.target_language === 'string'
  );
}

/**
 * The translation history kept on this device (IndexedDB), newest first; empty where the browser
 * keeps nothing (private modes that refuse IndexedDB, tests without it).
 */
export async function loadTranslationHistory(): Promise<TranslationHistoryItem[]> {
  try {
    const stored: unknown = await get(KEY, translations());
    return Array.isArray(stored) ? stored.filter(isHistoryItem).slice(0, TRANSLATION_HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Keeps the history on this device; a browser that refuses storage keeps it for this tab only. */
export async function saveTranslationHistory(items: readonly TranslationHistoryItem[]): Promise<void> {
  try {
    await set(KEY, items.slice(0, TRANSLATION_HISTORY_LIMIT), translations());
  } catch {
    // Nothing to do: the history still works in memory.
  }
}
