import { useCallback, useEffect, useRef, useState } from 'react';

import { COPY_FEEDBACK_MS } from '@/config/constants';
import { copyText } from '@/lib/clipboard';

export type CopyState = 'idle' | 'success' | 'error';

/** Copy with feedback: success or error for two seconds, then idle again. */
export function useCopyFeedback(copy: (text: string) => Promise<void> = copyText) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    async (text: string) => {
      clearTimeout(timer.current);
      let next: CopyState;
      try {
        await copy(text);
        next = 'success';
      } catch {
        next = 'error';
      }
      setState(next);
      timer.current = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
    },
    [copy],
  );

  return { state, copy: run };
}
