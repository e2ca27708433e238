/**
 * Translation on inference servers that speak the Open Inference Protocol (KServe v2): NVIDIA
 * Triton with the CTranslate2 backend on GPUs, KServe, or Sema itself in inference mode. This
 * server keeps what it does well — sentence splitting, protected spans, caching — and tokenizes
 * with the NLLB tokenizer here; the servers get token ids and give token ids back.
 *
 * Each sentence is one request (`INPUT_IDS` `[source language, …tokens, </s>]`, `TARGET_PREFIX`
 * `[target language]`), since the servers batch dynamically. Requests go round-robin to the
 * servers that are up. A request that fails because its server could not be reached, failed
 * itself or is busy is tried once more on another server (generating is idempotent); the failing
 * server is marked down, and its health routes (`/v2/health/ready`, `/v2/models/{name}/ready`),
 * probed every few seconds, bring it back. Timeouts and refusals are not retried.
 */
import { EndpointRotation } from './endpoint-rotation.ts';
import type { PreTrainedTokenizer } from '@huggingface/transformers';
import { toModelCode } from '@sema/shared/languages/catalogue';
import { ApiError } from '../../lib/errors.ts';
import { modelUnavailable } from '../errors.ts';
import { KserveEndpoint } from './kserve/endpoint.ts';
import { resolveModelSource } from './nllb/model-source.ts';
import { EndpointFailure } from './remote/endpoint.ts';
import type { EngineStatus, TranslationEngine } from './types.ts';

export interface KserveEngineOptions {
  /** Base URLs of the inference servers, e.g. `http://triton-1:8000`. */
  urls: readonly string[];
  /** The model's name on the servers. */
  model: string;
  /** The NLLB tokenizer: a hub id or a local folder. */
  tokenizer: string;
  modelCache: string;
  hubUrl?: string;
  timeoutMs: number;
  /** How often each server's health routes are read. */
  probeIntervalMs?: number;
  /** First wait before loading a tokenizer that failed again; doubles up to 15 minutes. */
  tokenizerRetryMs?: number;
}

/** Source tokens per sequence; longer sentences are sent in pieces (as the built-in engine does). */
const MAX_SOURCE_TOKENS = 510;
const DEFAULT_PROBE_MS = 2_000;
const DEFAULT_TOKENIZER_RETRY_MS = 30_000;
const MAX_TOKENIZER_RETRY_MS = 15 * 60_000;

type Tokenizer = Pick<
  PreTrainedTokenizer,
  'encode' | 'decode' | 'convert_tokens_to_ids' | 'all_special_tokens'
>;

export class KserveEngine implements TranslationEngine {
  readonly name = 'kserve';
  readonly modelId: string;
  readonly maxConcurrentBatches: number;
  private readonly endpoints: KserveEndpoint[];
  private readonly rotation: EndpointRotation<KserveEndpoint>;
  private probeTimer: NodeJS.Timeout | undefined;
  private tokenizer: Tokenizer | undefined;
  private tokenizerError: string | undefined;
  private started: Promise<void> | undefined;
  private tokenizerFailures = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: KserveEngineOptions) {
    if (options.urls.length === 0) throw new Error('the kserve engine needs at least one URL');
    this.endpoints = options.urls.map((url) => new KserveEndpoint(url, options.model, options.timeoutMs));
    this.rotation = new EndpointRotation(this.endpoints);
    this.maxConcurrentBatches = 4 * this.endpoints.length;
    // Servers reached by different URLs serve the same model under the same name: shared cache.
    this.modelId = `kserve:${options.model}`;
  }

  /** Loads the tokenizer (downloading its files if needed) and starts probing the servers. */
  start(): this {
    this.started = Promise.all([this.loadTokenizer(), this.probeAll()]).then(() => {});
    this.probeTimer = setInterval(
      () => void this.probeAll(),
      this.options.probeIntervalMs ?? DEFAULT_PROBE_MS,
    );
    this.probeTimer.unref();
    return this;
  }

  /** Ready while the tokenizer is and any server is; else why not. */
  status(): EngineStatus {
    const model = `${this.options.model} on ${this.endpoints.map((endpoint) => endpoint.base).join(', ')}`;
    const base = { model, model_id: this.modelId };
    if (this.tokenizerError) return { state: 'error', ...base, detail: this.tokenizerError };
    if (!this.tokenizer) return { state: 'loading', ...base, detail: 'Loading the tokenizer' };
    const states = this.endpoints.map((endpoint) => endpoint.state);
    const up = states.filter((state) => state.state === 'ready').length;
    if (up === states.length) return { state: 'ready', ...base };
    if (up > 0) {
      const down = states
        .filter((state) => state.state !== 'ready')
        .map((state) => state.detail ?? state.model);
      return {
        state: 'ready',
        ...base,
        detail: `${up} of ${states.length} inference servers up; ${down.join('; ')}`,
      };
    }
    if (states.some((state) => state.state === 'loading')) return { state: 'loading', ...base };
    return { state: 'error', ...base, detail: states.map((state) => state.detail).join('; ') };
  }

  async whenReady(): Promise<void> {
    await this.started;
    const status = this.status();
    if (status.state === 'error') throw new Error(status.detail);
  }

  async close(): Promise<void> {
    clearInterval(this.probeTimer);
    clearTimeout(this.retryTimer);
  }

  async translate(
    sentences: readonly string[],
    source: string,
    target: string,
    signal?: AbortSignal,
  ): Promise<string[]> {
    if (sentences.length === 0) return [];
    const tokenizer = this.tokenizer;
    if (!tokenizer)
      throw modelUnavailable(this.tokenizerError ?? 'the tokenizer is still loading', undefined, 2);
    const sourceToken = this.languageToken(tokenizer, source);
    const targetToken = this.languageToken(tokenizer, target);
    const [eos] = tokenizer.convert_tokens_to_ids(['</s>']) as number[];
    return Promise.all(
      sentences.map(async (sentence) => {
        const ids = tokenizer.encode(sentence, { add_special_tokens: false });
        const pieces: number[][] = [];
        for (let start = 0; start < Math.max(ids.length, 1); start += MAX_SOURCE_TOKENS) {
          pieces.push([sourceToken, ...ids.slice(start, start + MAX_SOURCE_TOKENS), eos!]);
        }
        const outputs = await Promise.all(pieces.map((row) => this.infer(row, [targetToken], signal)));
        return outputs
          .map((output) => tokenizer.decode(output, { skip_special_tokens: true }).trim())
          .filter(Boolean)
          .join(' ');
      }),
    );
  }

  /** One sequence on the next server that is up, and once more on another if that one fails. */
  private async infer(row: number[], prefix: number[], signal?: AbortSignal): Promise<number[]> {
    const first = this.pick();
    try {
      return await first.infer(row, prefix, signal);
    } catch (error) {
      if (!(error instanceof EndpointFailure) || signal?.aborted) throw error;
      const second = this.pick(first);
      // A lone server that is busy has said when to come back (Retry-After): asking again now is no use.
      if (second === first && error.statusCode === 503) throw error;
      return second.infer(row, prefix, signal);
    }
  }

  private pick(avoid?: KserveEndpoint): KserveEndpoint {
    return this.rotation.pick(avoid);
  }

  private languageToken(tokenizer: Tokenizer, code: string): number {
    const token = toModelCode(code);
    const [id] = tokenizer.convert_tokens_to_ids([token]) as (number | undefined)[];
    if (id === undefined || !tokenizer.all_special_tokens.includes(token)) {
      throw new ApiError(422, 'UNSUPPORTED_LANGUAGE', `The tokenizer has no language token '${token}'`);
    }
    return id;
  }

  private async loadTokenizer(): Promise<void> {
    try {
      // Loaded here only: a server that runs another engine never pays for transformers.js.
      const { loadNllbTokenizer } = await import('./nllb/nllb-model.ts');
      const source = resolveModelSource(this.options.tokenizer, {
        cacheDir: this.options.modelCache,
        hubUrl: this.options.hubUrl,
      });
      this.tokenizer = await loadNllbTokenizer(source);
      this.tokenizerError = undefined;
    } catch (error) {
      // Started before the network or the files were there: try again later, less and less often.
      const delay = Math.min(
        MAX_TOKENIZER_RETRY_MS,
        (this.options.tokenizerRetryMs ?? DEFAULT_TOKENIZER_RETRY_MS) * 2 ** this.tokenizerFailures++,
      );
      this.tokenizerError = `cannot load the tokenizer ${this.options.tokenizer}: ${(error as Error).message} (trying again in ${Math.round(delay / 1000)} s)`;
      this.retryTimer = setTimeout(() => void this.loadTokenizer(), delay);
      this.retryTimer.unref();
    }
  }

  private async probeAll(): Promise<void> {
    await Promise.all(this.endpoints.map((endpoint) => endpoint.probe()));
  }
}
