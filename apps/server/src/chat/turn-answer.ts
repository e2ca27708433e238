/**
 * The one mapping from the chat service's events (reasoning, content, done) to a turn's events
 * (reasoning, english, translation, done), for every turn: translated (each finished unit of the
 * English answer translated back while the rest is written) or the model as it is (its text is
 * the answer). It also decides how a turn ends:
 * - finished: `done` with the whole answer;
 * - stopped by the client's stop request (`interrupted`): the model stops, what it wrote is still
 *   translated to the end, and `done` says `interrupted: true`;
 * - the client gone or the server stopping (`signal`): everything stops, and the turn throws.
 */
import type { ChatMessage } from '@sema/shared/api/chat';
import type { TranslatedChatEvent, TranslatedChatTimings } from '@sema/shared/api/translated-chat';
import { StreamingTranslator } from '@sema/shared/chat/streaming-translator';
import { AsyncQueue } from '../lib/async-queue.ts';
import type { Meter } from '../lib/meter.ts';
import { answerEnd, type ChatService } from './chat-service.ts';
import { streamedChatRequest, type GenerationOptions } from './generation-options.ts';

type Done = Extract<TranslatedChatEvent, { type: 'done' }>;

export interface TurnAnswer {
  chat: Pick<ChatService, 'stream'>;
  /** The conversation as the model reads it. */
  messages: ChatMessage[];
  options: GenerationOptions;
  /** Everything stops: the client went away, or the server is stopping. */
  signal: AbortSignal;
  /** The client asked to stop: the model stops, the rest finishes (running-turns.ts). */
  interrupted?: AbortSignal;
  /** Passed to the chat service, for a turn that is the model's answer as it is. */
  meter?: Meter;
  /** Translates a finished unit of the answer back; absent, the answer is the model's own text. */
  translateBack?: (piece: string) => Promise<string>;
  /** Told the answer in both languages once it is translated (the translated chat's memory). */
  onTranslated?: (translated: string, english: string) => void;
  /** Milliseconds since the turn began, and the timings so far (language, question). */
  since: () => number;
  timings: Partial<TranslatedChatTimings>;
}

export async function* turnAnswer(turn: TurnAnswer): AsyncGenerator<TranslatedChatEvent> {
  const { signal, since, timings } = turn;
  const modelSignal = turn.interrupted ? AbortSignal.any([signal, turn.interrupted]) : signal;
  const events = new AsyncQueue<TranslatedChatEvent>();
  // Units are translated as they complete, a few at a time, and sent in order. A client that goes
  // away stops the model and the translations alike; a stop it asks for, only the model.
  const cutAt: number[] = [];
  const unitDelays: number[] = [];
  let shown = '';
  const translator = turn.translateBack
    ? new StreamingTranslator(
        turn.translateBack,
        (translated) => {
          const text = translated.slice(shown.length);
          shown = translated;
          timings.firstTranslation ??= since();
          events.push({ type: 'translation', text });
        },
        {
          cut: (unit) => (cutAt[unit] = performance.now()),
          shown: (unit) => unitDelays.push(Math.round((performance.now() - cutAt[unit]!) * 10) / 10),
        },
      )
    : undefined;
  let english = '';
  let end: Pick<Done, 'model' | 'tokens' | 'finish_reason' | 'prompt_tokens' | 'completion_tokens'> = {
    model: '',
    ...answerEnd({ tokens: 0 }, 'stop'),
  };

  const produce = async () => {
    const stream = turn.chat.stream(
      streamedChatRequest(turn.messages, turn.options),
      modelSignal,
      ...(turn.meter ? [turn.meter] : []),
    );
    try {
      for await (const event of stream) {
        if (event.type === 'reasoning') {
          events.push(event);
        } else if (event.type === 'content') {
          timings.firstEnglish ??= since();
          english += event.text;
          events.push({ type: 'english', text: event.text });
          if (translator) translator.push(event.text);
          else {
            timings.firstTranslation ??= since();
            events.push({ type: 'translation', text: event.text });
          }
        } else if (event.type === 'done') {
          const { type: _done, processingTime: _time, ...rest } = event;
          end = rest;
        }
      }
    } catch (error) {
      // A model stopped mid-answer may end its stream with an abort: that is the stop, not a failure.
      if (!modelSignal.aborted) throw error;
    }
    // The client left (or the server is stopping): nobody is waiting for the rest.
    if (signal.aborted) throw signal.reason;
    // Stopped while the model wrote (a stop after it finished cuts nothing).
    const interrupted = turn.interrupted?.aborted ?? false;
    let content = english;
    let translationFailed = false;
    if (translator) {
      try {
        content = await translator.finish();
        turn.onTranslated?.(content, english);
      } catch {
        if (signal.aborted) throw signal.reason;
        // The answer could not be translated back: it is given in English, and said so.
        translationFailed = true;
      }
    }
    events.push({
      type: 'done',
      ...end,
      processingTime: since(),
      english,
      content,
      translation_failed: translationFailed,
      interrupted,
      timings: {
        language: 0,
        question: 0,
        ...timings,
        total: since(),
        ...(unitDelays.length > 0 ? { units: unitDelays } : {}),
      },
    });
  };
  produce().then(
    () => events.end(),
    (error: unknown) => events.fail(error),
  );
  yield* events;
}
