/**
 * The chat service behind POST /api/v1/chat, whatever the provider: it checks the input, strips
 * earlier answers' reasoning from the history, separates this answer's reasoning, and measures.
 */
import type { EngineStatus } from '@sema/shared/api/schemas';
import {
  type ChatMessage,
  type ChatRequest,
  type ChatResponse,
  type ChatStreamEvent,
} from '@sema/shared/api/chat';
import { CHAT_ERRORS } from '@sema/shared/errors';
import { isBlank } from '@sema/shared/validation';
import { ApiError } from '../lib/errors.ts';
import { conversationWindow } from './conversation-window.ts';
import { conversationCharacters, meteredAnswer } from './chat-meter.ts';
import { UNMETERED, type Meter } from '../lib/meter.ts';
import type { ChatMetrics } from './metrics.ts';
import type { ChatGenerationRequest, ChatProvider, TokenUsage } from './provider.ts';
import { opensThinkInPrompt, ReasoningSplitter, splitReasoning, stripReasoning } from './reasoning.ts';

export interface ChatService {
  readonly provider: ChatProvider;
  status(): EngineStatus;
  /** The whole answer. Throws `ApiError`; `meter` charges the asking key (chat-meter.ts). */
  complete(request: ChatRequest, signal: AbortSignal, meter?: Meter): Promise<ChatResponse>;
  /**
   * The answer as events: reasoning and content pieces, then one `done`. Input errors (and a key past
   * its limit) throw before the first event; provider errors throw mid-stream (the route turns them
   * into an `error` event).
   */
  stream(request: ChatRequest, signal: AbortSignal, meter?: Meter): AsyncGenerator<ChatStreamEvent>;
  close(): Promise<void>;
}

export { chatInputTooLong } from './conversation-window.ts';

/** The end of an answer as every surface reports it: why it ended and its token counts. */
export function answerEnd(usage: TokenUsage, finishReason: string) {
  return {
    tokens: usage.tokens,
    finish_reason: finishReason,
    ...(usage.promptTokens === undefined ? {} : { prompt_tokens: usage.promptTokens }),
    ...(usage.completionTokens === undefined ? {} : { completion_tokens: usage.completionTokens }),
  };
}

function outcomeOf(error: unknown, signal: AbortSignal): string {
  if (error instanceof ApiError) return error.code;
  return signal.aborted ? 'stopped' : 'INTERNAL_ERROR';
}

export function createChatService(
  provider: ChatProvider,
  limits: { maxInputChars: number },
  metrics?: ChatMetrics,
): ChatService {
  const labels = { provider: provider.name };
  const finished = (outcome: string, tokens = 0) => {
    metrics?.requests.inc({ ...labels, outcome });
    if (tokens > 0) metrics?.tokens.inc(labels, tokens);
  };

  /** Validates what the schema cannot express and builds the provider request. */
  function prepare(request: ChatRequest, signal: AbortSignal): ChatGenerationRequest {
    const last = request.messages.at(-1);
    if (last?.role !== 'user')
      throw new ApiError(422, 'VALIDATION_ERROR', 'The last message must be from the user');
    if (isBlank(last.content))
      throw new ApiError(422, 'VALIDATION_ERROR', 'The last message must not be empty');
    const messages: ChatMessage[] = [];
    for (const message of conversationWindow(request.messages, limits.maxInputChars)) {
      // The model must not see (or pay for) its earlier reasoning: only the answers go back.
      const content = message.role === 'assistant' ? stripReasoning(message.content) : message.content;
      if (message.role === 'assistant' && !content) continue;
      messages.push({ role: message.role, content });
    }
    // Only what the client asked for (chat-service callers never fill in defaults).
    return {
      messages,
      ...(request.max_tokens === undefined ? {} : { maxTokens: request.max_tokens }),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.stop === undefined ? {} : { stop: [request.stop].flat() }),
      ...(request.top_p === undefined ? {} : { topP: request.top_p }),
      ...(request.reasoning_effort === undefined ? {} : { reasoningEffort: request.reasoning_effort }),
      ...(request.user === undefined ? {} : { user: request.user }),
      signal,
    };
  }

  /** The provider's answer as events: reasoning and content pieces, then one `done`. */
  async function* generate(
    generation: ChatGenerationRequest,
    signal: AbortSignal,
  ): AsyncGenerator<ChatStreamEvent> {
    const started = performance.now();
    const splitter = new ReasoningSplitter(opensThinkInPrompt(provider.model));
    let model = provider.model;
    let usage: TokenUsage = { tokens: 0 };
    let finishReason = 'stop';
    let produced = false;
    let outcome: string | undefined;
    const firstEvent = () => {
      if (!produced) metrics?.firstEventSeconds.observe(labels, (performance.now() - started) / 1000);
      produced = true;
    };
    try {
      for await (const chunk of provider.stream(generation)) {
        if (chunk.type === 'usage') {
          const { type: _usage, model: answered, ...counts } = chunk;
          usage = counts;
          model = answered ?? model;
          continue;
        }
        if (chunk.type === 'finish') {
          finishReason = chunk.reason;
          continue;
        }
        if (chunk.type === 'reasoning') {
          splitter.reasoningIsSeparate();
          firstEvent();
          yield { type: 'reasoning', text: chunk.text };
          continue;
        }
        for (const piece of splitter.push(chunk.text)) {
          firstEvent();
          yield { type: piece.type, text: piece.text };
        }
      }
      for (const piece of splitter.end()) {
        firstEvent();
        yield { type: piece.type, text: piece.text };
      }
      if (!produced) throw new ApiError(502, 'CHAT_ERROR', CHAT_ERRORS.noChoices);
      outcome = signal.aborted ? 'stopped' : 'ok';
    } catch (error) {
      outcome = outcomeOf(error, signal);
      throw error;
    } finally {
      // Also when the consumer stopped reading (the client left): then it counts as stopped.
      finished(outcome ?? 'stopped', usage.tokens);
    }
    yield {
      type: 'done',
      model,
      processingTime: Math.round(performance.now() - started),
      ...answerEnd(usage, finishReason),
    };
  }

  return {
    provider,
    status: () => provider.status(),

    async complete(request, signal, meter = UNMETERED) {
      const started = performance.now();
      const generation = prepare(request, signal);
      await meter.admit(conversationCharacters(generation.messages));
      const completion = await provider.complete(generation).catch((error: unknown) => {
        finished(outcomeOf(error, signal));
        throw error;
      });
      finished('ok', completion.tokens);
      const split = splitReasoning(completion.text);
      const reasoning = [completion.reasoning.trim(), split.reasoning].filter(Boolean).join('\n\n');
      await meter.spend(split.content.length + reasoning.length);
      return {
        content: split.content,
        reasoning,
        model: completion.model,
        processingTime: Math.round(performance.now() - started),
        ...answerEnd(completion, completion.finishReason),
      };
    },

    async *stream(request, signal, meter = UNMETERED) {
      const generation = prepare(request, signal);
      await meter.admit(conversationCharacters(generation.messages));
      yield* meteredAnswer(generate(generation, signal), meter, (event) =>
        event.type === 'content' || event.type === 'reasoning' ? event.text.length : 0,
      );
    },

    close: () => provider.close(),
  };
}
