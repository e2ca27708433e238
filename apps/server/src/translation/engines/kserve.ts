/**
 * Translation on inference servers that speak the Open Inference Protocol (KServe v2): NVIDIA
 * Triton with the CTranslate2 backend on GPUs, KServe, or Sema itself in inference mode. This
 * server keeps what it does well — sentence splitting, protected spans, caching — and tokenizes
 * with the model's tokenizer here (any family the built-in engine reads); the servers get token ids and give token ids back.
 *
 * Each sentence is one request (`INPUT_IDS` `[source language, …tokens, </s>]`, `TARGET_PREFIX`
 * `[target language]`), since the servers batch dynamically. Requests go round-robin to the
 * servers that are up. A request that fails because its server could not be reached, failed
 * itself or is busy is tried once more on another server (generating is idempotent); the failing
 * server is marked down, and its health routes (`/v2/health/ready`, `/v2/models/{name}/ready`),
 * probed every few seconds, bring it back. Timeouts and refusals are not retried.
 */
import { modelUnavailable, pairNotServed } from '../errors.ts';
import { EndpointPool } from './endpoint-pool.ts';
import { KserveEndpoint } from './kserve/endpoint.ts';
import { resolveModelSource } from './model-source.ts';
import { UnservedLanguageError, type ModelTokenizer } from './tokenizer/model-tokenizer.ts';
import { PooledEngine } from './pooled-engine.ts';
import type { EngineStatus, TranslateSentences } from './types.ts';
import { backoffDelay } from '../../lib/backoff.ts';

export interface KserveEngineOptions {
  /** Base URLs of the inference servers, e.g. `http://triton-1:8000`. */
  urls: readonly string[];
  /** The model's name on the servers. */
  model: string;
  /** The model's tokenizer (`SEMA_KSERVE_TOKENIZER`): a hub id or a local folder. */
  tokenizer: string;
  modelCache: string;
  hubUrl?: string;
  timeoutMs: number;
  /** How often each server's health routes are read. */
  probeIntervalMs?: number;
  /** First wait before loading a tokenizer that failed again; doubles up to 15 minutes. */
  tokenizerRetryMs?: number;
}

const DEFAULT_PROBE_MS = 2_000;

export class KserveEngine extends PooledEngine<KserveEndpoint> {
  readonly name = 'kserve';
  readonly modelId: string;
  private tokenizer: ModelTokenizer | undefined;
  private tokenizerError: string | undefined;
  private tokenizerFailures = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: KserveEngineOptions) {
    if (options.urls.length === 0) throw new Error('the kserve engine needs at least one URL');
    super(
      new EndpointPool(
        options.urls.map((url) => new KserveEndpoint(url, options.model, options.timeoutMs)),
        options.probeIntervalMs ?? DEFAULT_PROBE_MS,
      ),
    );
    // Servers reached by different URLs serve the same model under the same name: shared cache.
    this.modelId = `kserve:${options.model}`;
  }

  /** Ready while the tokenizer is and any server is; else why not. */
  status(): EngineStatus {
    const model = `${this.options.model} on ${this.pool.endpoints.map((endpoint) => endpoint.base).join(', ')}`;
    const base = { model, model_id: this.modelId };
    if (this.tokenizerError) return { state: 'error', ...base, detail: this.tokenizerError };
    if (!this.tokenizer) return { state: 'loading', ...base, detail: 'Loading the tokenizer' };
    return { ...this.pool.summary('inference servers'), ...base };
  }

  override async close(): Promise<void> {
    await super.close();
    clearTimeout(this.retryTimer);
  }

  /** Loads the tokenizer (downloading its files if needed) while the servers are probed. */
  protected override prepare(): Promise<void> {
    return this.loadTokenizer();
  }

  protected translateOnPool: TranslateSentences = async (sentences, source, target, signal) => {
    const tokenizer = this.tokenizer;
    if (!tokenizer)
      throw modelUnavailable(this.tokenizerError ?? 'the tokenizer is still loading', undefined, 2);
    const targetPrefix = served(() => tokenizer.targetPrefix(target));
    return Promise.all(
      sentences.map(async (sentence) => {
        const rows = served(() => tokenizer.sourceRows(tokenizer.encode(sentence), source, target));
        const outputs = await Promise.all(
          rows.map(({ ids }) =>
            // One sequence on the next server that is up, and once more on another if it fails.
            this.pool.call((endpoint) => endpoint.infer(ids, targetPrefix, signal), signal),
          ),
        );
        return outputs
          .map((output) => tokenizer.decode(output))
          .filter(Boolean)
          .join(' ');
      }),
    );
  };

  private async loadTokenizer(): Promise<void> {
    try {
      // Loaded here only: a server that runs another engine never pays for transformers.js.
      const { loadModelTokenizer } = await import('./tokenizer/family-tokenizer.ts');
      const source = resolveModelSource(this.options.tokenizer, {
        cacheDir: this.options.modelCache,
        hubUrl: this.options.hubUrl,
      });
      this.tokenizer = await loadModelTokenizer(source);
      this.tokenizerError = undefined;
    } catch (error) {
      // Started before the network or the files were there: try again later, less and less often.
      const delay = backoffDelay(this.tokenizerFailures++, this.options.tokenizerRetryMs);
      this.tokenizerError = `cannot load the tokenizer ${this.options.tokenizer}: ${(error as Error).message} (trying again in ${Math.round(delay / 1000)} s)`;
      this.retryTimer = setTimeout(() => void this.loadTokenizer(), delay);
      this.retryTimer.unref();
    }
  }
}

/** Runs a tokenizer call, a language the model does not serve becoming a 422. */
function served<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof UnservedLanguageError) throw pairNotServed(error.message);
    throw error;
  }
}
