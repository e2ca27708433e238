import type { TranslationApi } from '@/features/translate';

import type { Mode } from '../types';

import type { ConversationMessage, ReplyContent } from '../messages';

/** Everything the user sent with one press of Send. */
export interface SendRequest {
  mode: Mode;
  text: string;
  file: File | null;
  sourceLanguage: string;
  targetLanguage: string;
}

/** What a handler may use: it fills in the assistant message that the dispatcher already added. */
export interface SendContext {
  /** Sets the assistant message: one kind of reply, with exactly its fields. */
  setReply: (reply: ReplyContent) => void;
  translation: TranslationApi;
  /** The conversation before this message, oldest first (for chat history). */
  history: readonly ConversationMessage[];
}

/** One kind of send (translate text, chat, a document…). It must always set a reply that is not pending. */
export type SendHandler = (request: SendRequest, context: SendContext) => Promise<void>;
