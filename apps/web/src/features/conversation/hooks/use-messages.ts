import { useCallback, useMemo, useState } from 'react';

import { createId } from '@/lib/create-id';

import type { ChatMessage } from '../types';

export type NewMessage = Omit<ChatMessage, 'id' | 'timestamp'> &
  Partial<Pick<ChatMessage, 'id' | 'timestamp'>>;

/** The conversation, in memory only: add, patch and clear messages. */
export function useMessages(initial: ChatMessage[] = []) {
  const [messages, setMessages] = useState<ChatMessage[]>(initial);

  const addMessage = useCallback((message: NewMessage): string => {
    const full: ChatMessage = { id: createId('message'), timestamp: Date.now(), ...message };
    setMessages((current) => [...current, full]);
    return full.id;
  }, []);

  const updateMessage = useCallback(
    (id: string, patch: Partial<ChatMessage> | ((message: ChatMessage) => Partial<ChatMessage>)) => {
      setMessages((current) =>
        current.map((message) =>
          message.id === id
            ? { ...message, ...(typeof patch === 'function' ? patch(message) : patch) }
            : message,
        ),
      );
    },
    [],
  );

  const clearMessages = useCallback(() => setMessages([]), []);

  return useMemo(
    () => ({ messages, addMessage, updateMessage, clearMessages }),
    [messages, addMessage, updateMessage, clearMessages],
  );
}

export type MessagesApi = ReturnType<typeof useMessages>;
