import type { ChatMessage, Mode } from '@/features/conversation/types';
import type { useTranslation } from '@/features/translate/hooks/use-translation';

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
  /** Patches the assistant message (content, isLoading: false, error, …). */
  updateReply: (patch: Partial<ChatMessage>) => void;
  translation: ReturnType<typeof useTranslation>;
  /** The conversation before this message, oldest first (for chat history). */
  history: readonly ChatMessage[];
}

/** One kind of send (translate text, chat, a document…). It must always end the reply's loading. */
export type SendHandler = (request: SendRequest, context: SendContext) => Promise<void>;
