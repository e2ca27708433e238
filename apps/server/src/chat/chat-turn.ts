/**
 * A chat turn as the OpenAI-shaped protocols (chat completions, the Responses API) ask for it: the
 * translated turn (`sema-translated/<model>`) or the model as it is, both as the one stream of turn
 * events (`TranslatedChatEvent`) that each protocol's encoder writes in its own shape. Limits,
 * charging and the language are decided here and below, never by a protocol.
 */
import type { TranslatedChatEvent, TranslatedChatMessage } from '@sema/shared/api/translated-chat';
import type { Tenant } from '../lib/tenant.ts';
import type { ChatAnswer } from './chat-reply.ts';
import type { ChatService } from './chat-service.ts';
import type { GenerationOptions } from './generation-options.ts';
import type { TranslatedChat } from './translated-chat.ts';
import { turnAnswer } from './turn-answer.ts';

/** What a protocol's decoder reads from its request. */
export interface ChatTurnRequest {
  /** The translated turn, or the model as it is. */
  translated: boolean;
  messages: TranslatedChatMessage[];
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  stop?: string[];
  reasoningEffort?: string;
  user?: string;
}

export interface ChatTurnDeps {
  chat: Pick<ChatService, 'stream'>;
  translatedChat: Pick<TranslatedChat, 'turn'>;
}

/** The turn's events: `language`, `question`, then the answer's pieces and `done`. */
export function chatTurn(
  deps: ChatTurnDeps,
  request: ChatTurnRequest,
  tenant: Tenant,
  { signal, interrupted, meter }: ChatAnswer,
): AsyncGenerator<TranslatedChatEvent> {
  if (request.translated) {
    return deps.translatedChat.turn({ ...request, tenant, meter, interrupted }, signal);
  }
  return plainTurn(deps.chat, request, { signal, interrupted, meter });
}

/**
 * The model as it is, in the translated turn's events (the language is whatever the user wrote, so
 * `translation` carries the model's own text): the same answer mapping as a translated turn
 * (turn-answer.ts), without the translations.
 */
export async function* plainTurn(
  chat: ChatTurnDeps['chat'],
  request: Pick<ChatTurnRequest, 'messages'> & GenerationOptions,
  { signal, interrupted, meter }: Pick<ChatAnswer, 'signal' | 'interrupted' | 'meter'>,
): AsyncGenerator<TranslatedChatEvent> {
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  yield { type: 'language', language: 'und', language_source: 'given' };
  yield { type: 'question', english: request.messages.at(-1)?.content ?? '' };
  yield* turnAnswer({
    chat,
    messages: request.messages.map(({ role, content }) => ({ role, content })),
    options: request,
    signal,
    interrupted,
    meter,
    since,
    timings: { language: 0, question: 0 },
  });
}
