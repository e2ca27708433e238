/**
 * Any OpenAI-compatible chat endpoint: the Hugging Face router (default), vLLM, Ollama, llama.cpp's
 * server, TGI, OpenAI itself. Speaks `POST {baseUrl}/chat/completions`, streaming or not.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { EngineStatus } from '@sema/shared/api/schemas';
import { CHAT_ERRORS, authErrorMessage } from '@sema/shared/errors';
import { ApiError } from '../lib/errors.ts';
import { chatErrorForBody, chatErrorForFailure, chatNotConfigured } from './chat-errors.ts';
import { chatProviderName } from './provider-names.ts';
import { IdleTimeout } from './idle-timeout.ts';
import type {
  ChatChunk,
  ChatCompletion,
  ChatGenerationRequest,
  ChatProvider,
  TokenUsage,
} from './provider.ts';

export interface OpenAiProviderOptions {
  /** e.g. `https://router.huggingface.co/v1`, without a trailing slash. */
  baseUrl: string;
  apiKey?: string;
  /** Passed on as is, including a `:provider` suffix for the HF router (`…:nscale`). */
  model: string;
  /** Longest wait for the first byte, and between two streamed chunks. */
  timeoutMs: number;
}

/** The fields we read from a completion or a stream chunk; every one may be missing or wrong. */
interface UpstreamMessage {
  content?: unknown;
  reasoning_content?: unknown;
  reasoning?: unknown;
}
interface UpstreamPayload {
  model?: unknown;
  error?: unknown;
  choices?: Array<
    { message?: UpstreamMessage; delta?: UpstreamMessage; finish_reason?: unknown } | undefined
  >;
  usage?: { total_tokens?: unknown; prompt_tokens?: unknown; completion_tokens?: unknown } | null;
}

const HF_ROUTER_HOST = 'router.huggingface.co';

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

/** The upstream's token counts, when its payload has them. */
function usageOf(payload: UpstreamPayload): TokenUsage | undefined {
  const usage = payload.usage;
  if (!usage) return undefined;
  const prompt = count(usage.prompt_tokens);
  const completion = count(usage.completion_tokens);
  const tokens = count(usage.total_tokens) ?? (prompt ?? 0) + (completion ?? 0);
  return {
    tokens,
    ...(prompt === undefined ? {} : { promptTokens: prompt }),
    ...(completion === undefined ? {} : { completionTokens: completion }),
  };
}

function reasoningOf(message: UpstreamMessage | undefined): string {
  return text(message?.reasoning_content) ?? text(message?.reasoning) ?? '';
}

/**
 * The events of an SSE body: a plain reader loop feeding the parser, which costs less per chunk than
 * piping through two TransformStreams.
 */
async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<EventSourceMessage> {
  const decoder = new TextDecoder();
  let parsed: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => parsed.push(event) });
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      const ready = parsed;
      parsed = [];
      yield* ready;
    }
  } finally {
    reader.releaseLock();
  }
}

export class OpenAiProvider implements ChatProvider {
  readonly name = 'openai';
  readonly model: string;
  private readonly missingKey: boolean;

  constructor(private readonly options: OpenAiProviderOptions) {
    this.model = options.model;
    // The HF router always needs a token; self-hosted servers often need none.
    this.missingKey = !options.apiKey && new URL(options.baseUrl).host === HF_ROUTER_HOST;
  }

  status(): EngineStatus {
    if (this.missingKey) {
      return {
        state: 'disabled',
        provider: this.name,
        model: this.model,
        detail: chatNotConfigured('no API key for the Hugging Face router').detail,
      };
    }
    return {
      state: 'ready',
      provider: this.name,
      model: this.model,
      detail: `OpenAI-compatible endpoint at ${new URL(this.options.baseUrl).host}`,
    };
  }

  async complete(request: ChatGenerationRequest): Promise<ChatCompletion> {
    const timeout = new IdleTimeout(this.options.timeoutMs, request.signal);
    try {
      const response = await this.post(request, false, timeout);
      const payload = (await response.json().catch(() => undefined)) as UpstreamPayload | undefined;
      return this.completionFrom(payload);
    } catch (error) {
      throw this.failure(error, request.signal, timeout);
    } finally {
      timeout.dispose();
    }
  }

  async *stream(request: ChatGenerationRequest): AsyncIterable<ChatChunk> {
    const timeout = new IdleTimeout(this.options.timeoutMs, request.signal);
    try {
      const response = await this.post(request, true, timeout);
      // Some servers ignore `stream: true` and answer in one JSON piece: accept that too.
      if (!response.headers.get('content-type')?.includes('text/event-stream')) {
        const completion = this.completionFrom(
          (await response.json().catch(() => undefined)) as UpstreamPayload | undefined,
        );
        const { text: answer, reasoning, finishReason, ...usage } = completion;
        if (reasoning) yield { type: 'reasoning', text: reasoning };
        yield { type: 'text', text: answer };
        yield { type: 'usage', ...usage };
        yield { type: 'finish', reason: finishReason };
        return;
      }
      if (!response.body) throw new ApiError(502, 'CHAT_ERROR', CHAT_ERRORS.noChoices);
      let model = this.model;
      let usage: TokenUsage = { tokens: 0 };
      let finish: string | undefined;
      for await (const event of serverSentEvents(response.body)) {
        timeout.touch();
        if (event.data.trim() === '[DONE]') break;
        const payload = this.parseEvent(event.data);
        if (payload.error !== undefined || event.event === 'error') throw chatErrorForBody(payload);
        model = text(payload.model) || model;
        usage = usageOf(payload) ?? usage;
        const choice = payload.choices?.[0];
        finish = text(choice?.finish_reason) ?? finish;
        const delta = choice?.delta;
        const reasoning = reasoningOf(delta);
        if (reasoning) yield { type: 'reasoning', text: reasoning };
        const content = text(delta?.content);
        if (content) yield { type: 'text', text: content };
      }
      yield { type: 'usage', ...usage, model };
      yield { type: 'finish', reason: finish ?? 'stop' };
    } catch (error) {
      throw this.failure(error, request.signal, timeout);
    } finally {
      // Also runs when the consumer stops early (client gone): the upstream request is aborted.
      timeout.dispose();
    }
  }

  async close(): Promise<void> {}

  private async post(
    request: ChatGenerationRequest,
    stream: boolean,
    timeout: IdleTimeout,
  ): Promise<Response> {
    if (this.missingKey) throw chatNotConfigured('no API key for the Hugging Face router');
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: stream ? 'text/event-stream' : 'application/json',
    };
    if (this.options.apiKey) headers.Authorization = `Bearer ${this.options.apiKey}`;
    const response = await fetch(`${this.options.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      signal: timeout.signal,
      body: JSON.stringify({
        model: this.model,
        messages: request.messages,
        // Only what the client asked for: an answer is as long as the model makes it.
        ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.reasoningEffort === undefined ? {} : { reasoning_effort: request.reasoningEffort }),
        ...(request.user === undefined ? {} : { user: request.user }),
        ...(request.stop ? { stop: request.stop } : {}),
        ...(request.topP === undefined ? {} : { top_p: request.topP }),
        stream,
        ...(stream ? { stream_options: { include_usage: true } } : {}),
      }),
    });
    timeout.touch();
    if (response.ok) return response;
    const raw = await response.text().catch(() => '');
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // Not JSON (a proxy's HTML page, plain text): the text is the message.
    }
    throw chatErrorForBody(body, response.status, response.headers.get('retry-after'));
  }

  /** Applies the spec's checks: choices must exist and carry content. */
  private completionFrom(payload: UpstreamPayload | undefined): ChatCompletion {
    if (payload?.error !== undefined) throw chatErrorForBody(payload);
    const choices = payload?.choices;
    if (!Array.isArray(choices) || choices.length === 0)
      throw new ApiError(502, 'CHAT_ERROR', CHAT_ERRORS.noChoices);
    const message = choices[0]?.message;
    const content = text(message?.content);
    const reasoning = reasoningOf(message);
    // A reasoning model that spent every token thinking answers with content null: still a response.
    if (content === undefined && !reasoning) throw new ApiError(502, 'CHAT_ERROR', CHAT_ERRORS.invalidFormat);
    return {
      text: content ?? '',
      reasoning,
      model: text(payload?.model) || this.model,
      ...(usageOf(payload!) ?? { tokens: 0 }),
      finishReason: text(choices[0]?.finish_reason) ?? 'stop',
    };
  }

  private parseEvent(data: string): UpstreamPayload {
    try {
      const parsed: unknown = JSON.parse(data);
      if (typeof parsed === 'object' && parsed !== null) return parsed as UpstreamPayload;
    } catch {
      // handled below
    }
    throw new ApiError(502, 'CHAT_ERROR', CHAT_ERRORS.invalidFormat);
  }

  private failure(error: unknown, clientSignal: AbortSignal, timeout: IdleTimeout): unknown {
    // The client left: nothing to report, just stop.
    if (clientSignal.aborted && !(error instanceof ApiError)) return clientSignal.reason ?? error;
    const failure = chatErrorForFailure(error, timeout.timedOut);
    // The spec's message names the provider whose token to check: this endpoint's, not always
    // Hugging Face's.
    if (failure.code !== 'AUTH_ERROR') return failure;
    const detail = authErrorMessage(chatProviderName(this.options.baseUrl));
    return new ApiError(failure.statusCode, failure.code, detail, failure.headers);
  }
}
