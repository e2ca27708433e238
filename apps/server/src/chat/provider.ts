/**
 * The contract every chat provider implements (one file per provider, chosen by `registry.ts`).
 * Providers only talk to their model; the chat service around them separates reasoning, applies
 * timeouts and turns failures into the spec's chat errors.
 */
import type { EngineStatus } from '@sema/shared/api/schemas';
import type { ChatMessage } from '@sema/shared/api/chat';

export type ChatProviderName = 'openai' | 'local' | 'none';

export interface ChatGenerationRequest {
  /** The conversation, oldest first, with earlier answers' reasoning already removed. */
  messages: ChatMessage[];
  /** Upper bound on generated tokens, when the client sent one (else the provider's own default). */
  maxTokens?: number;
  /** Sampling temperature, when the client sent one. */
  temperature?: number;
  /** Sequences that end the answer (at most 4), when the client asked for them. */
  stop?: string[];
  /** Nucleus sampling, when the client asked for it. */
  topP?: number;
  /** How hard a reasoning model thinks (`low`, `medium`, `high` …), when the client asked. */
  reasoningEffort?: string;
  /** The end user's id, passed on for the upstream's abuse monitoring, when the client sent it. */
  user?: string;
  /** Aborted when the client goes away or the request times out; the provider must stop work. */
  signal: AbortSignal;
}

/**
 * A piece of a streamed answer, in arrival order.
 * - `text`: answer text that may still hold `<think>` tags (the service splits them out);
 * - `reasoning`: reasoning the provider delivered separately (`reasoning_content`, thought segments);
 * - `usage`: the token counts and the model that answered, usually once at the end;
 * - `finish`: why the model stopped, as the upstream said it (`stop`, `length`, `content_filter` …).
 */
export type ChatChunk =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | ({ type: 'usage'; model?: string } & TokenUsage)
  | { type: 'finish'; reason: FinishReason };

/** Why an answer ended, in OpenAI's words (`stop`, `length`, `content_filter`, …; others passed on). */
export type FinishReason = string;

/** Token counts as the provider reports them; 0 when it does not say. */
export interface TokenUsage {
  /** Total tokens (prompt + completion). */
  tokens: number;
  /** Tokens of the conversation sent, when the provider says. */
  promptTokens?: number;
  /** Tokens generated, when the provider says. */
  completionTokens?: number;
}

/** A whole answer, as received. */
export interface ChatCompletion extends TokenUsage {
  /** Answer text, possibly with `<think>` tags. */
  text: string;
  /** Reasoning delivered separately by the provider, or '' when none. */
  reasoning: string;
  /** The model that answered (as the provider names it). */
  model: string;
  /** Why the model stopped (`stop` when the provider does not say). */
  finishReason: FinishReason;
}

export interface ChatProvider {
  readonly name: ChatProviderName;
  /** The configured model, for responses and /status. */
  readonly model: string;
  /** What /status shows: ready, loading (with progress), error or disabled, and why. */
  status(): EngineStatus;
  /** Answers in one piece. Throws `ApiError` with a chat error code on failure. */
  complete(request: ChatGenerationRequest): Promise<ChatCompletion>;
  /** Answers as it is generated. Throws `ApiError` (possibly mid-stream) on failure. */
  stream(request: ChatGenerationRequest): AsyncIterable<ChatChunk>;
  /** Frees models and connections; called once when the server closes. */
  close(): Promise<void>;
}
