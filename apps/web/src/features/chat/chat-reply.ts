/**
 * The state of one chat-mode reply as the flow advances, kept on the assistant message
 * (its `chat` field) so the renderer can draw it, and the flow result (user message, AI response, metadata) once it is over.
 */
export type FlowStep = 'detection' | 'translation' | 'chat';

/** What the chat-mode flow produced: the message and the answer, each original and translated. */
export interface ChatFlowResult {
  userMessage: { original: string; translated: string; detectedLanguage: string; displayText: string };
  aiResponse: { original: string; translated: string; targetLanguage: string; displayText: string };
  metadata: {
    model: string;
    /** Milliseconds. */
    processingTime: number;
    tokens: number;
    translationUsed: boolean;
    sourceLanguage: string;
    targetLanguage: string;
  };
}

/** The document a turn is about (chat mode with a dropped file), kept so follow-ups can ask about it. */
export interface ChatDocument {
  fileName: string;
  /** Characters translated so far, while it is being read. */
  progress?: { done: number; total: number };
  /** Its text in English as the model read it, once read (within the budget of `document-context.ts`). */
  english?: string;
  /** The language it is written in: the answer's language when the user asked nothing. */
  language?: string;
  /** Only its beginning fitted in the budget. */
  truncated?: boolean;
}

export interface ChatReply {
  /** The generation a Stop button ends (see `generations.ts`). */
  generationId: string;
  status: 'preparing' | 'streaming' | 'done' | 'stopped' | 'error';
  /** The user's language, once detected. */
  detectedLanguage?: string;
  /** How sure the detector was (0–1), when the language came from detecting this message. */
  detectionConfidence?: number;
  /** The question was not English, so the answer is translated back. */
  translationUsed: boolean;
  /** What the user wrote (empty when they sent a document alone), and in English what the model was asked. */
  question: { original: string; english?: string };
  /** The dropped document this turn is about. */
  document?: ChatDocument;
  reasoning: string;
  /** When the model started reasoning (ms since the epoch). */
  reasoningStartedAt?: number;
  /** How long it reasoned, once it started answering (or ended). */
  thoughtMs?: number;
  /** The answer in English, as far as it has arrived. */
  english: string;
  /** The answer in the user's language, in order, as far as it has been translated. */
  translated: string;
  /** Translating the answer back failed: the English answer is shown instead. */
  answerTranslationFailed?: boolean;
  /**
   * A step failed: its flow error ('Failed to detect language', …), why in plain words, and the
   * server's own wording and code for the "Details" disclosure.
   */
  error?: { step: FlowStep; message: string; detail?: string; technical?: string; code?: string };
  result?: ChatFlowResult;
}

/** The answer the user reads (and copies): in their language when it was translated. */
export function displayedAnswer(reply: ChatReply): string {
  return reply.translationUsed && !reply.answerTranslationFailed ? reply.translated : reply.english;
}
