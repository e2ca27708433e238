/**
 * The chat-mode flow: one request per turn. The server detects the language, translates the
 * question to English, streams the model's answer and translates each finished unit back as it
 * completes (`POST /api/v1/chat/translated`); this turns its events into the reply the screen draws.
 * Stop is a request of its own (the turn's id): the server stops the model and still ends the
 * stream with what it wrote, translated. A message about a dropped document first has the document
 * read in English (the documents API), and then sends it along with the question.
 */
import { CHAT_SYSTEM_PROMPT } from '@sema/shared/api/chat-prompt';
import type { TranslatedChatMessage, TranslatedChatRequest } from '@sema/shared/api/translated-chat';
import { DEFAULT_DOCUMENT_QUESTION, type DocumentText } from '@sema/shared/chat/document-context';
import { FLOW_ERRORS } from '@sema/shared/errors';
import { ENGLISH } from '@sema/shared/languages/english';
import { isBlank } from '@sema/shared/validation';

import { ApiError, isAbortError } from '@/lib/api-client';
import { plainError } from '@/lib/plain-error';

import { stopChatTurn } from './api/stop-chat-turn';
import { streamChatTurn, type ChatTurnEvent } from './api/stream-chat';
import type { ChatFlowResult, ChatReply, FlowStep } from './chat-reply';
import { startReading, type DocumentReader } from './document-reading';
import { earlierMessages } from './history';

/** Failures of the translation side of a turn (the rest are the chat's). */
const TRANSLATION_CODES = new Set(['MODEL_UNAVAILABLE', 'OVERLOADED', 'UNSUPPORTED_LANGUAGE']);

/** The calls the flow makes; the real API by default, replaceable in tests. */
export interface ChatFlowApi {
  /** One turn, start to finish, on the server; aborting `signal` closes it at once. */
  turn: (request: Omit<TranslatedChatRequest, 'stream'>, signal: AbortSignal) => AsyncIterable<ChatTurnEvent>;
  /** Asks the server to stop a turn's model: its stream then ends with what was written. */
  stop: (turnId: string) => Promise<void>;
}

export const apiFlow: ChatFlowApi = { turn: streamChatTurn, stop: stopChatTurn };

export interface ChatFlowInput {
  text: string;
  /** Earlier replies of this conversation, oldest first: their English turns are the model's memory. */
  earlier: readonly ChatReply[];
  generationId: string;
  /** Stops the flow; a stopped answer is kept (translated by the server) as far as it got. */
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

  // 1. A dropped document is read in English first: the model reads it before the question.
  let document: DocumentText | undefined;
  /** The server keeps what it read (documents/readings.ts): the turn names it, not a second upload. */
  let readingOnServer: string | undefined;
  let written: string | undefined;
  if (input.document) {
    const reading = startReading(input.document.read, input.signal, (progress) =>
      update({ document: { ...reply.document!, progress } }),
    );
    const outcome = await reading.outcome;
    // Its failure, such as a file the server refuses, is reported at the translation step.
    if (!outcome.ok)
      return isAbortError(outcome.error) || input.signal.aborted
        ? stoppedEarly()
        : fail('translation', outcome.error);
    const { english, language, truncated, readingId } = outcome.document;
    document = { fileName: input.document.fileName, english, truncated };
    readingOnServer = readingId;
    written = language;
    update({ document: { fileName: input.document.fileName, english, language, truncated } });
  }

  // 2. One request: the server detects, translates, answers and translates back. A document sent
  // alone is summarised in the document's language. In a conversation, people keep to their
  // language: the previous turn's language is the server's fallback for a short, unsure message.
  const asked = !input.document || !isBlank(input.text);
  const previous = input.earlier.findLast((earlier) => earlier.detectedLanguage)?.detectedLanguage;
  const question: TranslatedChatMessage = asked
    ? { role: 'user', content: input.text }
    : { role: 'user', content: DEFAULT_DOCUMENT_QUESTION, english: DEFAULT_DOCUMENT_QUESTION };
  const request: Omit<TranslatedChatRequest, 'stream'> = {
    messages: [
      { role: 'system', content: CHAT_SYSTEM_PROMPT },
      // Earlier turns as the user saw them, with their English; the server decides how many the
      // model reads (only one document's text at a time: this one, or the newest earlier one).
      ...earlierMessages(input.earlier, { documentText: !document }),
      question,
    ],
    ...(asked ? {} : { language: written }),
    ...(previous ? { conversation_language: previous } : {}),
    ...(readingOnServer
      ? { document: { id: readingOnServer } }
      : document
        ? { document: { name: document.fileName, english: document.english, truncated: document.truncated } }
        : {}),
  };

  let done: Extract<ChatTurnEvent, { type: 'done' }> | undefined;
  let stopped = false;
  let failure: unknown;
  // The Stop button asks the server to stop the turn, which still ends the stream with what was
  // written; before the turn has an id (or if the request fails), the connection is closed instead.
  const connection = new AbortController();
  let turnId: string | undefined;
  const stop = () => {
    stopped = true;
    const closeConnection = () => connection.abort(input.signal.reason);
    if (turnId) api.stop(turnId).catch(closeConnection);
    else closeConnection();
  };
  if (input.signal.aborted) stop();
  else input.signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const event of api.turn(request, connection.signal)) {
      if (event.type === 'language') {
        turnId = event.turn_id;
        if (stopped && turnId) void api.stop(turnId).catch(() => connection.abort());
        update({
          detectedLanguage: event.language,
          translationUsed: event.language !== ENGLISH,
          ...(event.confidence !== undefined ? { detectionConfidence: event.confidence } : {}),
        });
      } else if (event.type === 'question') {
        update({ question: { original: input.text, english: event.english } });
      } else if (event.type === 'reasoning') {
        update({
          status: 'streaming',
          reasoning: reply.reasoning + event.text,
          reasoningStartedAt: reply.reasoningStartedAt ?? Date.now(),
        });
      } else if (event.type === 'english') {
        const thoughtMs =
          reply.thoughtMs ?? (reply.reasoningStartedAt ? Date.now() - reply.reasoningStartedAt : undefined);
        update({ status: 'streaming', english: reply.english + event.text, thoughtMs });
      } else if (event.type === 'translation') {
        if (reply.translationUsed) update({ translated: reply.translated + event.text });
      } else {
        done = event;
        stopped ||= event.interrupted;
      }
    }
  } catch (error) {
    if (isAbortError(error)) stopped = true;
    else failure = error;
  } finally {
    input.signal.removeEventListener('abort', stop);
  }
  if (reply.reasoningStartedAt && reply.thoughtMs === undefined)
    update({ thoughtMs: Date.now() - reply.reasoningStartedAt });
  if (failure !== undefined) {
    const code = failure instanceof ApiError ? failure.code : undefined;
    return fail(code && TRANSLATION_CODES.has(code) ? 'translation' : 'chat', failure);
  }
  if (stopped && reply.english === '' && reply.reasoning === '') return stoppedEarly();

  // 3. The answer in the user's language, as the server finished it (stopped: as far as it got).
  const language = reply.detectedLanguage ?? ENGLISH;
  const translationUsed = reply.translationUsed;
  if (done && translationUsed) {
    update(done.translation_failed ? { answerTranslationFailed: true } : { translated: done.content });
  }
  const shown = reply.answerTranslationFailed || !translationUsed ? reply.english : reply.translated;
  const result: ChatFlowResult = {
    userMessage: {
      original: input.text,
      translated: reply.question.english ?? input.text,
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
