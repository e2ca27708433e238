import type { ChatMessage, ChatResponse } from '@sema/shared/api/chat';
import { CHAT_SYSTEM_PROMPT } from '@sema/shared/api/chat';
import { FLOW_ERRORS } from '@sema/shared/errors';
import { isBlank } from '@sema/shared/validation';

import { errorMessage } from '@/lib/api-client';

import { translateDocument } from './api/translate-document';
import {
  DEFAULT_DOCUMENT_QUESTION,
  DOCUMENT_CONTEXT_CHARS,
  documentPrompt,
  truncationNote,
} from './document-question';

const ENGLISH = 'eng_Latn';

/** The steps of the chat-mode flow that are not about documents, given by the app. */
export interface AskDependencies {
  /** The language of a text, or throws a readable error. */
  detect: (text: string) => Promise<string>;
  translate: (text: string, source: string, target: string) => Promise<string>;
  chat: (messages: ChatMessage[]) => Promise<ChatResponse>;
}

export interface DocumentAnswer {
  /** The answer in the user's language. */
  content: string;
  /** Set when the model saw only the start of the document. */
  note?: string;
  chatData: {
    originalText: string;
    translatedText: string;
    detectedLanguage: string;
    model: string;
    processingTime: number;
    tokens: number;
    translationUsed: boolean;
  };
}

/**
 * Chat mode with a file (the chat-mode flow of spec part 7 with the document as context): the
 * document's text in English, cut to {@link DOCUMENT_CONTEXT_CHARS}, goes to the model with the
 * question (translated to English when needed, or "Summarise this document." when there is none),
 * and the answer comes back in the question's language, or the document's when no question was asked.
 */
export async function askAboutDocument(
  { file, question }: { file: File; question: string },
  deps: AskDependencies,
): Promise<DocumentAnswer> {
  const document = await translateDocument({
    file,
    sourceLanguage: 'auto',
    targetLanguage: ENGLISH,
    output: 'text',
    maxChars: DOCUMENT_CONTEXT_CHARS,
  });
  const asked = !isBlank(question);
  const language = asked
    ? await step(FLOW_ERRORS.detection, () => deps.detect(question))
    : document.source_language;
  const englishQuestion = !asked
    ? DEFAULT_DOCUMENT_QUESTION
    : language === ENGLISH
      ? question
      : await step(FLOW_ERRORS.translation, () => deps.translate(question, language, ENGLISH));
  const started = performance.now();
  const answer = await step(FLOW_ERRORS.chat, () =>
    deps.chat([
      { role: 'system', content: CHAT_SYSTEM_PROMPT },
      {
        role: 'user',
        content: documentPrompt({
          fileName: file.name,
          text: document.text ?? '',
          truncated: document.truncated,
          question: englishQuestion,
        }),
      },
    ]),
  );
  const translationUsed = language !== ENGLISH;
  const content = translationUsed
    ? await step(FLOW_ERRORS.translation, () => deps.translate(answer.content, ENGLISH, language))
    : answer.content;
  return {
    content,
    ...(document.truncated ? { note: truncationNote(file.name) } : {}),
    chatData: {
      originalText: asked ? question : DEFAULT_DOCUMENT_QUESTION,
      translatedText: englishQuestion,
      detectedLanguage: language,
      model: answer.model,
      processingTime: answer.processingTime || Math.round(performance.now() - started),
      tokens: answer.tokens,
      translationUsed,
    },
  };
}

/** Runs one step; a failure reads as the spec's message for that step, with the server's reason. */
async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const reason = errorMessage(error);
    throw new Error(reason && reason !== label ? `${label}: ${reason}` : label);
  }
}
