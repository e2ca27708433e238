/**
 * The chat-mode flow, over our API: detect the language → translate the question to
 * English if needed → chat (system prompt + earlier English turns), streamed → translate the answer
 * back sentence by sentence while it streams. Every change is reported as a new `ChatReply`.
 * A message about a dropped document takes the same path, with the document's English text (read
 * alongside the detection) put before the question.
 */
import { CHAT_SYSTEM_PROMPT } from '@sema/shared/api/chat';
import type { DetectResponse } from '@sema/shared/api/schemas';
import { FLOW_ERRORS } from '@sema/shared/errors';
import { isBlank } from '@sema/shared/validation';

import { detectLanguage, translateText } from '@/features/translate';
import { ApiError, isAbortError } from '@/lib/api-client';
import { plainError } from '@/lib/plain-error';

import { streamChat, type ChatAnswerEvent } from './api/stream-chat';
import type { ChatFlowResult, ChatReply, FlowStep } from './chat-reply';
import { DEFAULT_DOCUMENT_QUESTION, documentPrompt, type DocumentText } from '@sema/shared/chat/document-context';
import { startReading, type DocumentReader } from './document-reading';
import { englishHistory } from './history';
import { StreamingTranslator } from '@sema/shared/chat/streaming-translator';

/** Detection errors meaning the text has no language to translate from (not a failure of the flow). */
const NO_LANGUAGE_CODES = new Set(['NO_LETTERS', 'UNSUPPORTED_SCRIPT']);
export const ENGLISH = 'eng_Latn';

/** Below this detection confidence, a message in a conversation is taken to be in the previous turn's language. */
export const CONFIDENT_DETECTION = 0.5;

/** The calls the flow makes; the real API by default, replaceable in tests. */
export interface ChatFlowApi {
  detect: (text: string, signal: AbortSignal) => Promise<DetectResponse>;
  translate: (text: string, source: string, target: string, signal?: AbortSignal) => Promise<string>;
  chat: (
    request: { messages: Array<{ role: 'system' | 'user' | 'assistant'; content: string }> },
    signal: AbortSignal,
  ) => AsyncIterable<ChatAnswerEvent>;
}

export const apiFlow: ChatFlowApi = {
  detect: (text, signal) => detectLanguage({ text }, signal),
  // The question into English, and each sentence of the answer back, through the translation cache
  // (a repeated sentence is translated once).
  translate: async (text, source, target, signal) =>
    (await translateText({ text, source_language: source, target_language: target }, signal)).translated_text,
  chat: streamChat,
};

export interface ChatFlowInput {
  text: string;
  /** Earlier replies of this conversation, oldest first: their English turns are the model's memory. */
  earlier: readonly ChatReply[];
  generationId: string;
  /** Stops the flow; a stopped answer is kept (and translated) as far as it got. */
  signal: AbortSignal;
  /**
   * A dropped document the message is about: its name, and how to read it in English. With no text,
   * the question is 'Summarise this document.' and the answer comes in the document's language.
   */
  document?: { fileName: string; read: DocumentReader };
}

export async function runChatFlow(
  input: ChatFlowInput,
  onChange: (reply: ChatReply) => void,
  api: ChatFlowApi = apiFlow,
): Promise<ChatReply> {
  const started = performance.now();
  let reply: ChatReply = {
    generationId: input.generationId,
    status: 'preparing',
    translationUsed: false,
    question: { original: input.text },
    ...(input.document ? { document: { fileName: input.document.fileName } } : {}),
    reasoning: '',
    english: '',
    translated: '',
  };
  const update = (patch: Partial<ChatReply>) => {
    reply = { ...reply, ...patch };
    onChange(reply);
    return reply;
  };
  const fail = (step: FlowStep, error: unknown) => {
    const reason = plainError(error);
    return update({
      status: 'error',
      error: {
        step,
        message: FLOW_ERRORS[step],
        detail: reason.message,
        ...(reason.detail ? { technical: reason.detail } : {}),
        code: error instanceof ApiError ? error.code : undefined,
      },
    });
  };
  const stoppedEarly = () => update({ status: 'stopped' });

  // A dropped document is read (translated into English on the server) while the question is detected.
  const reading =
    input.document &&
    startReading(input.document.read, input.signal, (progress) =>
      update({ document: { ...reply.document!, progress } }),
    );
  const failStep = (step: FlowStep, error: unknown) => {
    reading?.cancel();
    return fail(step, error);
  };
  // A document sent alone is summarised, and the answer is in the document's language.
  const asked = !input.document || !isBlank(input.text);

  // 1. Detect. A message without letters ("42?"), or written only in a script no catalogue language
  // uses (Thaana), has no language we can translate: it goes as it is, answered in the document's
  // language, or in English. A short message is often detected with little confidence ("Tell me a
  // joke" looks Hungarian): in a conversation, people keep to their language, so the previous turn's
  // language wins then.
  let detected: string | undefined;
  let confidence: number | undefined;
  if (asked) {
    try {
      const detection = await api.detect(input.text, input.signal);
      const previous = input.earlier.findLast((reply) => reply.detectedLanguage)?.detectedLanguage;
      if (detection.confidence < CONFIDENT_DETECTION && previous) detected = previous;
      else [detected, confidence] = [detection.detected_language, detection.confidence];
    } catch (error) {
      if (isAbortError(error)) return stoppedEarly();
      if (!(error instanceof ApiError && NO_LANGUAGE_CODES.has(error.code ?? ''))) {
        return failStep('detection', error);
      }
    }
  }

  // 2. The document in English (a translation: its failure, such as a file the server refuses, is
  // reported at the translation step with the server's reason).
  let document: DocumentText | undefined;
  if (reading && input.document) {
    const outcome = await reading.outcome;
    if (!outcome.ok)
      return isAbortError(outcome.error) || input.signal.aborted
        ? stoppedEarly()
        : fail('translation', outcome.error);
    const { english, language: written, truncated } = outcome.document;
    document = { fileName: input.document.fileName, english, truncated };
    update({ document: { fileName: input.document.fileName, english, language: written, truncated } });
    detected ??= written;
  }
  const language = detected ?? ENGLISH;
  const translationUsed = language !== ENGLISH;
  update({
    detectedLanguage: language,
    translationUsed,
    ...(confidence !== undefined && detected === language ? { detectionConfidence: confidence } : {}),
  });

  // 3. The question in English.
  let question = asked ? input.text : DEFAULT_DOCUMENT_QUESTION;
  if (asked && translationUsed) {
    try {
      question = await api.translate(input.text, language, ENGLISH, input.signal);
    } catch (error) {
      if (isAbortError(error)) return stoppedEarly();
      return fail('translation', error);
    }
  }
  update({ question: { original: input.text, english: question } });

  // 4. Chat, translating finished sentences back as the answer streams. The translations are not
  // tied to the stop signal: a stopped answer is still shown in the user's language.
  const translator = translationUsed
    ? new StreamingTranslator(
        (piece) => api.translate(piece, ENGLISH, language),
        (translated) => update({ translated }),
      )
    : undefined;
  const messages = [
    { role: 'system' as const, content: CHAT_SYSTEM_PROMPT },
    // Only one document's text at a time: this one, or else the newest earlier one (see history.ts).
    ...englishHistory(input.earlier, { documentText: !document }),
    { role: 'user' as const, content: document ? documentPrompt(document, question) : question },
  ];
  let done: Extract<ChatAnswerEvent, { type: 'done' }> | undefined;
  let stopped = false;
  let chatFailure: unknown;
  try {
    for await (const event of api.chat({ messages }, input.signal)) {
      if (event.type === 'reasoning') {
        update({
          status: 'streaming',
          reasoning: reply.reasoning + event.text,
          reasoningStartedAt: reply.reasoningStartedAt ?? Date.now(),
        });
      } else if (event.type === 'content') {
        const thoughtMs =
          reply.thoughtMs ?? (reply.reasoningStartedAt ? Date.now() - reply.reasoningStartedAt : undefined);
        translator?.push(event.text);
        update({ status: 'streaming', english: reply.english + event.text, thoughtMs });
      } else {
        done = event;
      }
    }
  } catch (error) {
    if (isAbortError(error)) stopped = true;
    else chatFailure = error;
  }
  if (reply.reasoningStartedAt && reply.thoughtMs === undefined)
    update({ thoughtMs: Date.now() - reply.reasoningStartedAt });
  if (chatFailure !== undefined) return fail('chat', chatFailure);

  // 5. The rest of the answer in the user's language.
  let translated = reply.english;
  if (translator) {
    try {
      translated = await translator.finish();
      update({ translated });
    } catch {
      update({ answerTranslationFailed: true });
    }
  }
  const shown = reply.answerTranslationFailed ? reply.english : translated;
  const result: ChatFlowResult = {
    userMessage: {
      original: input.text,
      translated: question,
      detectedLanguage: language,
      displayText: input.text,
    },
    aiResponse: { original: reply.english, translated: shown, targetLanguage: language, displayText: shown },
    metadata: {
      model: done?.model ?? '',
      processingTime: done?.processingTime ?? Math.round(performance.now() - started),
      tokens: done?.tokens ?? 0,
      translationUsed,
      sourceLanguage: language,
      targetLanguage: language,
    },
  };
  return update({ status: stopped ? 'stopped' : 'done', result });
}
