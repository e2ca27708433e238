/**
 * What every surface of the translated chat does with a turn's events: start a stream only once the
 * answer has begun (so failures before it keep an HTTP status), or gather the whole answer.
 */
import type { TranslatedChatEvent, TranslatedChatResponse } from '@sema/shared/api/translated-chat';
import { ApiError } from '../lib/errors.ts';
import { answerEnd } from './chat-service.ts';

/** Events that show the answer has begun: from here on a failure is an `error` event. */
const ANSWER_STARTED = new Set<TranslatedChatEvent['type']>(['reasoning', 'english', 'translation', 'done']);

/**
 * Reads the turn until the answer begins, and gives back the first event and an iterator over the
 * rest (the events read meanwhile first). The language and question events are held back until
 * then: they cost no time the user would see, and an upstream refusal can still be a 401 or 429.
 */
export async function startTurn(
  turn: AsyncGenerator<TranslatedChatEvent>,
): Promise<{ first: TranslatedChatEvent; rest: AsyncIterator<TranslatedChatEvent> }> {
  const held: TranslatedChatEvent[] = [];
  for (;;) {
    const next = await turn.next();
    if (next.done) throw new Error('translated chat ended without a done event');
    held.push(next.value);
    if (ANSWER_STARTED.has(next.value.type)) break;
  }
  const first = held.shift()!;
  async function* rest(): AsyncGenerator<TranslatedChatEvent> {
    yield* held;
    yield* turn;
  }
  return { first, rest: rest() };
}

/** The whole turn as one answer (the route's JSON mode, OpenAI's non-streaming completion). */
export async function answerOf(turn: AsyncGenerator<TranslatedChatEvent>): Promise<TranslatedChatResponse> {
  let language: Extract<TranslatedChatEvent, { type: 'language' }> | undefined;
  let question = '';
  let reasoning = '';
  for await (const event of turn) {
    if (event.type === 'language') language = event;
    else if (event.type === 'question') question = event.english;
    else if (event.type === 'reasoning') reasoning += event.text;
    else if (event.type === 'done') {
      const { type: _language, ...languageFields } = language!;
      return {
        content: event.content,
        english: event.english,
        question_english: question,
        reasoning,
        ...languageFields,
        translation_failed: event.translation_failed,
        interrupted: event.interrupted,
        model: event.model,
        processingTime: event.processingTime,
        timings: event.timings,
        ...answerEnd(
          {
            tokens: event.tokens,
            ...(event.prompt_tokens === undefined ? {} : { promptTokens: event.prompt_tokens }),
            ...(event.completion_tokens === undefined ? {} : { completionTokens: event.completion_tokens }),
          },
          event.finish_reason,
        ),
      };
    } else if (event.type === 'error') {
      throw new ApiError(502, event.code, event.detail);
    }
  }
  throw new Error('translated chat ended without a done event');
}
