import { useEffect } from 'react';

import { useLatest } from '@/hooks/use-latest';

let requested = false;
const listeners = new Set<() => void>();

/**
 * Asks the home screen to open the conversations list (from the header or the menu, which may be
 * on another page: the request waits until the list is on screen).
 */
export function requestConversationList(): void {
  requested = true;
  for (const listener of listeners) listener();
}

/** Calls `open` for each request, including one made before this component was on screen. */
export function useConversationListRequests(open: () => void): void {
  const latestOpen = useLatest(open);
  useEffect(() => {
    const answer = () => {
      if (!requested) return;
      requested = false;
      latestOpen.current();
    };
    listeners.add(answer);
    answer();
    return () => {
      listeners.delete(answer);
    };
  }, [latestOpen]);
}
