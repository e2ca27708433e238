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
import { streamedChatRequest, type TranslatedChat } from './translated-chat.ts';

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
  { signal, meter }: ChatAnswer,
): AsyncGenerator<TranslatedChatEvent> {
  if (request.translated) {
    return deps.translatedChat.turn({ ...request, tenant, meter }, signal);
  }
  return plainTurn(deps.chat, request, { signal, meter });
}

/**
 * The model as it is, in the translated turn's events (the language is whatever the user wrote, so
 * `translation` carries the model's own text).
 */
async function* plainTurn(
  chat: ChatTurnDeps['chat'],
  request: ChatTurnRequest,
  { signal, meter }: Pick<ChatAnswer, 'signal' | 'meter'>,
): AsyncGenerator<TranslatedChatEvent> {
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const stream = chat.stream(
    streamedChatRequest(
      request.messages.map(({ role, content }) => ({ role, content })),
      request,
    ),
    signal,
    meter,
  );
  let english = '';
  let firstEnglish: number | undefined;
  yield { type: 'language', language: 'und', language_source: 'given' };
  yield { type: 'question', english: request.messages.at(-1)?.content ?? '' };
  for await (const event of stream) {
    if (event.type === 'reasoning') yield event;
    else if (event.type === 'content') {
      firstEnglish ??= since();
      english += event.text;
      yield { type: 'translation', text: event.text };
    } else if (event.type === 'done') {
      const { type: _done, ...end } = event;
      yield {
        type: 'done',
        ...end,
        english,
        content: english,
        translation_failed: false,
        timings: { language: 0, question: 0, firstEnglish, total: since() },
      };
    }
  }
}
