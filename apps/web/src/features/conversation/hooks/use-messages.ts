import { useCallback, useMemo, useState } from 'react';

import { createId } from '@/lib/create-id';

import type { MessageBase } from '../types';

/** A message to add: everything but its id and time, which are given here. */
export type NewMessage<M extends MessageBase> = M extends MessageBase
  ? Omit<M, 'id' | 'timestamp'> & Partial<Pick<M, 'id' | 'timestamp'>>
  : never;

/**
 * The conversation on screen (its owner may keep it on the device): add a message, replace one (a reply as it changes from
 * waiting to its answer, possibly another kind of message), clear them all.
 */
export function useMessages<M extends MessageBase>(initial: M[] = []) {
  const [messages, setMessages] = useState<M[]>(initial);

  const addMessage = useCallback((message: NewMessage<M>): string => {
    const full = { id: createId('message'), timestamp: Date.now(), ...message } as unknown as M;
    setMessages((current) => [...current, full]);
    return full.id;
  }, []);

  /** Replaces a message's content with `next(current)`, keeping its id and time. */
  const replaceMessage = useCallback((id: string, next: (current: M) => NewMessage<M>) => {
    setMessages((current) =>
      current.map((message) =>
        message.id === id
          ? ({ ...next(message), id: message.id, timestamp: message.timestamp } as unknown as M)
          : message,
      ),
    );
  }, []);

  const clearMessages = useCallback(() => setMessages([]), []);

  /**
   * Shows another conversation (one reopened from the device). With `onlyIfEmpty`, a conversation
   * already started meanwhile is kept: a restore that arrives late never replaces what was sent.
   */
  const showMessages = useCallback((next: M[], { onlyIfEmpty = false } = {}) => {
    setMessages((current) => (onlyIfEmpty && current.length > 0 ? current : next));
  }, []);

  /** Removes a message and everything after it (a sent message edited, an answer asked again). */
  const truncateFrom = useCallback((id: string) => {
    setMessages((current) => {
      const index = current.findIndex((message) => message.id === id);
      return index < 0 ? current : current.slice(0, index);
    });
  }, []);

  return useMemo(
    () => ({ messages, addMessage, replaceMessage, clearMessages, showMessages, truncateFrom }),
    [messages, addMessage, replaceMessage, clearMessages, showMessages, truncateFrom],
  );
}

export type MessagesApi<M extends MessageBase> = ReturnType<typeof useMessages<M>>;
