import type { ReactNode } from 'react';

export type Mode = 'chat' | 'translate';
export type MessageRole = 'user' | 'assistant';

/** A file the user sent with a message (its name and size; the bytes stay with the sender). */
export interface MessageAttachment {
  name: string;
  size: number;
  type: string;
}

/**
 * What every message of a conversation has, kept in memory only: the list shows, times and copies a
 * message from these fields alone. A screen adds its own kinds of message on top (see
 * `ConversationMessage` in `messages.ts`), each a variant with exactly its own fields.
 */
export interface MessageBase {
  id: string;
  role: MessageRole;
  /** The text the copy button takes. */
  content: string;
  /** ms since the epoch */
  timestamp: number;
  /** Waiting for its first content: the list shows three dots. */
  isLoading?: boolean;
  /** It failed: the list draws it as an error. */
  error?: boolean;
  attachment?: MessageAttachment;
}

/** Draws a message's content. */
export type MessageRenderer<M extends MessageBase = MessageBase> = (message: M) => ReactNode;
