import type { ReactNode } from 'react';

export type Mode = 'chat' | 'translate';
export type MessageRole = 'user' | 'assistant';

/** What the assistant translated. */
export interface TranslationData {
  sourceText: string;
  sourceLanguage: string;
  targetLanguage: string;
  translatedText: string;
}

/** What the chat-mode flow did. */
export interface ChatData {
  originalText: string;
  translatedText: string;
  detectedLanguage: string;
  model: string;
  processingTime: number;
  tokens: number;
  translationUsed: boolean;
}

/** A file the user sent with a message (its name and size; the bytes stay with the sender). */
export interface MessageAttachment {
  name: string;
  size: number;
  type: string;
}

/**
 * One message of the conversation, kept in memory only. `kind` picks the renderer
 * that draws its content (see `MessageRenderer`); features add their own kinds and fields.
 */
export interface ChatMessage {
  id: string;
  role: MessageRole;
  content: string;
  /** ms since the epoch */
  timestamp: number;
  isLoading?: boolean;
  error?: boolean;
  /** Renderer key; plain text when absent. */
  kind?: string;
  attachment?: MessageAttachment;
  translationData?: TranslationData;
  chatData?: ChatData;
  /** Why it failed, in the server's words, shown under the spec's message. */
  errorDetail?: string;
  /** The detected source language's code, when the user asked for Auto Detect. */
  detectedLanguage?: string;
  /** How sure the detector was of `detectedLanguage` (0–1). */
  detectionConfidence?: number;
  /** Room for a feature's own data (e.g. a translated document's download link). */
  extra?: Record<string, unknown>;
}

/** Draws a message's content. The home screen chooses one per `kind`. */
export type MessageRenderer = (message: ChatMessage) => ReactNode;
