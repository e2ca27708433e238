import { useEffect, useState } from 'react';

import { loadTranslationHistory, saveTranslationHistory } from '../history-store';
import type { TranslationHistoryItem } from '../translation-state';

interface RememberedHistory {
  history: readonly TranslationHistoryItem[];
  restoreHistory: (items: TranslationHistoryItem[]) => void;
}

/**
 * Keeps the translation history across reloads: the stored items are added once on the first
 * render (after any translated meanwhile), and every change is written back. Nothing is written
 * until the stored list has been read, so a slow read never wipes it.
 */
export function useRememberedHistory({ history, restoreHistory }: RememberedHistory): void {
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let active = true;
    void loadTranslationHistory().then((items) => {
      if (!active) return;
      restoreHistory(items);
      setLoaded(true);
    });
    return () => {
      active = false;
    };
  }, [restoreHistory]);

  useEffect(() => {
    if (loaded) void saveTranslationHistory(history);
  }, [loaded, history]);
}
