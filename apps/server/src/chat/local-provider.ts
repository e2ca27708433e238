/**
 * The embedded chat model: a GGUF file run by node-llama-cpp on the CPU. It is the default when no
 * API key is configured. node-llama-cpp (~725 MB of packages) is imported only when this provider is
 * used (a server with a hosted provider, or none, never loads it); the model is fetched and loaded
 * when the server starts, so that /status is true from the first moment.
 */
import path from 'node:path';
import type { EngineStatus } from '@sema/shared/api/schemas';
import type { ChatHistoryItem, Llama, LlamaChatSession, LlamaContext, LlamaModel } from 'node-llama-cpp';
import type * as NodeLlamaCppModule from 'node-llama-cpp';

type NodeLlamaCpp = typeof NodeLlamaCppModule;
import { DownloadProgress, type ProgressOutput } from '../lib/download-progress.ts';
import { ApiError } from '../lib/errors.ts';
import { AsyncQueue } from '../lib/async-queue.ts';
import { chatNotConfigured } from './chat-errors.ts';
import { isModelUri } from '../config/parsers.ts';
import { ModelFileMissing, resolveLocalModel } from './local-model-file.ts';
import type { ChatChunk, ChatCompletion, ChatGenerationRequest, ChatProvider } from './provider.ts';
import { backoffDelay, LOAD_RETRY_FIRST_MS } from '../lib/backoff.ts';

export interface LocalProviderOptions {
  /** A GGUF file path, or a hub URI / URL downloaded on first use. */
  model: string;
  /** Where downloaded models are kept. */
  modelsDirectory: string;
  /** CPU threads; node-llama-cpp's default (4) is far slower on a machine with fewer cores. */
  threads: number;
  /** Upper bound on the context window (the model's own limit applies when smaller). */
  maxContextSize?: number;
  /** How long a request waits for a model that is still loading before it answers 503. */
  loadWaitMs?: number;
  hubEndpoint?: string;
  hubToken?: string;
  /** First wait before trying a failed model again; it doubles up to 15 minutes. */
  retryDelayMs?: number;
  /** Overrides of how long the hub may stay silent (tests). */
  hubAnswerMs?: number;
  stallMs?: number;
  /**
   * Where the download progress bar goes (the translation model's format, `lib/download-progress.ts`);
   * null for none. Defaults to stderr.
   */
  progressOutput?: ProgressOutput | null;
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
}

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  LlamaChatSession: typeof LlamaChatSession;
}

type LoadState =
  | { state: 'idle' }
  | { state: 'downloading'; progress: number }
  | { state: 'loading' }
  | { state: 'ready' }
  /** Cannot run now (package or file missing, hub unreachable, download failed); tried again at `nextAttempt`. */
  | { state: 'unavailable'; error: ApiError; nextAttempt: number };

/**
 * New tokens of a local answer when the client sets no `max_tokens`: a small model can repeat itself
 * forever, and it holds the server's only chat slot while it does. Documented in docs/api.md.
 */
export const LOCAL_MAX_TOKENS = 1000;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class LocalProvider implements ChatProvider {
  readonly name = 'local';
  readonly model: string;
  private load: LoadState = { state: 'idle' };
  private loading: Promise<Loaded> | undefined;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** One generation at a time: the context has one sequence, and the CPU is shared anyway. */
  private turn: Promise<void> = Promise.resolve();

  constructor(private readonly options: LocalProviderOptions) {
    this.model = isModelUri(options.model) ? options.model : path.basename(options.model);
  }

  status(): EngineStatus {
    const base = { provider: this.name, model: this.model };
    switch (this.load.state) {
      case 'idle':
        // Never "ready" before it is: nothing is loaded yet.
        return { ...base, state: 'loading', detail: 'Not loaded yet: it loads at start' };
      case 'downloading':
        return {
          ...base,
          state: 'loading',
          progress: this.load.progress,
          detail: 'Downloading the chat model',
        };
      case 'loading':
        return { ...base, state: 'loading', detail: 'Loading the chat model' };
      case 'ready':
        return { ...base, state: 'ready' };
      case 'unavailable':
        return {
          ...base,
          state: 'error',
          detail: this.load.error.detail,
          next_attempt_at: new Date(this.load.nextAttempt).toISOString(),
        };
    }
  }

  /** Starts fetching and loading the model now instead of on the first request. */
  warmUp(): void {
    this.ensureLoaded().catch(() => {
      // already logged and reported by status()
    });
  }

  async complete(request: ChatGenerationRequest): Promise<ChatCompletion> {
    const parts: ChatCompletion = {
      text: '',
      reasoning: '',
      model: this.model,
      tokens: 0,
      finishReason: 'stop',
    };
    for await (const chunk of this.stream(request)) {
      if (chunk.type === 'text') parts.text += chunk.text;
      else if (chunk.type === 'reasoning') parts.reasoning += chunk.text;
      else if (chunk.type === 'finish') parts.finishReason = chunk.reason;
      else {
        parts.tokens = chunk.tokens;
        parts.promptTokens = chunk.promptTokens;
        parts.completionTokens = chunk.completionTokens;
      }
    }
    return parts;
  }

  async *stream(request: ChatGenerationRequest): AsyncIterable<ChatChunk> {
    const loaded = await this.waitUntilLoaded(request.signal);
    const release = await this.takeTurn(request.signal);
    const queue = new AsyncQueue<ChatChunk>();
    const sequence = loaded.context.getSequence();
    try {
      const { LlamaChatSession } = loaded;
      const session = new LlamaChatSession({ contextSequence: sequence });
      const earlier = request.messages.slice(0, -1);
      const last = request.messages.at(-1);
      session.setChatHistory(earlier.map(toHistoryItem));
      const generation = session
        .promptWithMeta(last?.content ?? '', {
          // A small local model may never stop by itself: without the client's bound it gets this one.
          maxTokens: request.maxTokens ?? LOCAL_MAX_TOKENS,
          ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
          ...(request.stop ? { customStopTriggers: request.stop } : {}),
          ...(request.topP === undefined ? {} : { topP: request.topP }),
          signal: request.signal,
          stopOnAbortSignal: true,
          onResponseChunk: (chunk) => {
            if (chunk.type === undefined) queue.push({ type: 'text', text: chunk.text });
            else if (chunk.segmentType === 'thought') queue.push({ type: 'reasoning', text: chunk.text });
          },
        })
        .then(({ stopReason }) => {
          const meter = sequence.tokenMeter;
          queue.push({
            type: 'usage',
            tokens: meter.usedInputTokens + meter.usedOutputTokens,
            promptTokens: meter.usedInputTokens,
            completionTokens: meter.usedOutputTokens,
            model: this.model,
          });
          queue.push({ type: 'finish', reason: stopReason === 'maxTokens' ? 'length' : 'stop' });
          queue.end();
        })
        .catch((error: unknown) => queue.fail(error));
      try {
        yield* queue;
      } finally {
        await generation;
        session.dispose();
      }
    } catch (error) {
      if (request.signal.aborted || error instanceof ApiError) throw error;
      this.options.log.error(`local chat generation failed: ${describe(error)}`);
      throw new ApiError(502, 'CHAT_ERROR', `The local chat model failed: ${describe(error)}`);
    } finally {
      sequence.dispose();
      release();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const loading = this.loading;
    this.loading = undefined;
    const loaded = await loading?.catch(() => undefined);
    if (!loaded) return;
    await loaded.context.dispose();
    await loaded.model.dispose();
    await loaded.llama.dispose();
  }

  /** Waits a little for a model that is loading; a long download answers 503 with its progress. */
  private async waitUntilLoaded(signal: AbortSignal): Promise<Loaded> {
    const loading = this.ensureLoaded();
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'wait'>((resolve) => {
      timer = setTimeout(() => resolve('wait'), this.options.loadWaitMs ?? 15_000);
      signal.addEventListener('abort', () => resolve('wait'), { once: true });
    });
    try {
      const result = await Promise.race([loading, waited]);
      if (result !== 'wait') return result;
      signal.throwIfAborted();
      const percent =
        this.load.state === 'downloading' ? ` (${Math.round(this.load.progress * 100)}% downloaded)` : '';
      throw new ApiError(
        503,
        'MODEL_UNAVAILABLE',
        `The chat model is still loading${percent}. Try again shortly.`,
        {
          'Retry-After': '30',
        },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The model, loading it if nothing is under way. While it cannot be had, every request fails at
   * once with the reason; the attempt is repeated in the background, 30 s after the first failure,
   * doubling to every 15 minutes.
   */
  private ensureLoaded(): Promise<Loaded> {
    if (this.load.state === 'unavailable') return Promise.reject(this.load.error);
    this.loading ??= this.loadModel().then(
      (loaded) => {
        this.failures = 0;
        return loaded;
      },
      (error: unknown) => {
        this.loading = undefined;
        const failure = this.failure(error);
        const delay = backoffDelay(this.failures++, this.options.retryDelayMs);
        this.load = { state: 'unavailable', error: failure, nextAttempt: Date.now() + delay };
        this.options.log.error(`local chat model unavailable: ${failure.detail}`);
        if (!this.closed) {
          this.retryTimer = setTimeout(() => {
            this.load = { state: 'idle' };
            this.warmUp();
          }, delay);
          this.retryTimer.unref();
        }
        throw failure;
      },
    );
    return this.loading;
  }

  /** What a request is told while the model cannot be had, and /status too. */
  private failure(error: unknown): ApiError {
    // A file that is not there, or the package missing: the configuration must change.
    if (error instanceof ModelFileMissing || /node-llama-cpp is not installed/.test(describe(error))) {
      return chatNotConfigured(describe(error));
    }
    return new ApiError(
      503,
      'MODEL_UNAVAILABLE',
      `The chat model is not available: ${describe(error)}. The server keeps trying; to chat without downloading it, set SEMA_CHAT_LOCAL_MODEL to a GGUF file on disk, or SEMA_CHAT_API_KEY (or HF_TOKEN) or SEMA_CHAT_BASE_URL to use a hosted model`,
      { 'Retry-After': String(Math.ceil((this.options.retryDelayMs ?? LOAD_RETRY_FIRST_MS) / 1000)) },
    );
  }

  private async loadModel(): Promise<Loaded> {
    let llamaCpp: NodeLlamaCpp;
    try {
      llamaCpp = await import('node-llama-cpp');
    } catch {
      throw new Error('the optional package node-llama-cpp is not installed');
    }
    const uri = isModelUri(this.options.model);
    if (uri) this.load = { state: 'downloading', progress: 0 };
    const output = this.options.progressOutput === undefined ? process.stderr : this.options.progressOutput;
    const download = new DownloadProgress('chat model', output);
    const file = await resolveLocalModel(this.options.model, llamaCpp.resolveModelFile, {
      directory: this.options.modelsDirectory,
      hubEndpoint: this.options.hubEndpoint,
      hubToken: this.options.hubToken,
      hubAnswerMs: this.options.hubAnswerMs,
      stallMs: this.options.stallMs,
      onProgress: (fraction, downloaded, total) => {
        // Progress in /status, and the bar (a line per 10% in logs).
        this.load = { state: 'downloading', progress: fraction };
        download.update(this.options.model, downloaded, total);
      },
    })
      .catch((error: unknown) => {
        if (error instanceof ModelFileMissing) throw error;
        throw new Error(`could not download ${this.options.model}: ${describe(error)}`);
      })
      .finally(() => download.finish());
    this.load = { state: 'loading' };
    const started = performance.now();
    const llama = await llamaCpp.getLlama({
      gpu: false,
      build: 'never',
      logLevel: llamaCpp.LlamaLogLevel.error,
    });
    const model = await llama.loadModel({ modelPath: file });
    const context = await model.createContext({
      contextSize: { max: this.options.maxContextSize ?? 4096 },
      threads: this.options.threads,
      sequences: 1,
    });
    this.load = { state: 'ready' };
    this.options.log.info(
      `local chat model ${path.basename(file)} ready in ${Math.round(performance.now() - started)} ms (context ${context.contextSize} tokens, ${this.options.threads} threads)`,
    );
    return { llama, model, context, LlamaChatSession: llamaCpp.LlamaChatSession };
  }

  /** FIFO turn-taking; a request that is abandoned while waiting gives up its place. */
  private takeTurn(signal: AbortSignal): Promise<() => void> {
    let release!: () => void;
    const previous = this.turn;
    this.turn = new Promise<void>((resolve) => {
      release = resolve;
    });
    return previous.then(() => {
      if (signal.aborted) {
        release();
        throw signal.reason;
      }
      return release;
    });
  }
}

function toHistoryItem(message: { role: string; content: string }): ChatHistoryItem {
  if (message.role === 'system') return { type: 'system', text: message.content };
  if (message.role === 'assistant') return { type: 'model', response: [message.content] };
  return { type: 'user', text: message.content };
}
