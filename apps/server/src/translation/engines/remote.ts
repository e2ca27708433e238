/**
 * Forwards translation to another server that speaks our /api/v1 contract (another Sema, or the
 * spec's hosted API). This is how translation scales past one machine: API nodes run this engine,
 * inference nodes run the model.
 *
 * Sentences go in one `POST /api/v1/translate/batch` call; a server without the batch route gets
 * one `POST /api/v1/translate` per sentence instead. The remote's own `detail` is passed on.
 */
import { ApiError } from '../../lib/errors.ts';
import { abortError, isAbortError } from '../errors.ts';
import type { EngineStatus, TranslationEngine } from './types.ts';

export interface RemoteEngineOptions {
  /** Base URL of the other server, e.g. `http://inference-1:3000`. */
  url: string;
  timeoutMs: number;
  /** How often /status of the remote is checked for our own /status. */
  probeIntervalMs?: number;
}

/** Sentences sent per call to a server without the batch route. */
const SINGLE_CONCURRENCY = 4;
const DEFAULT_PROBE_MS = 30_000;

export class RemoteEngine implements TranslationEngine {
  readonly name = 'remote';
  readonly modelId: string;
  readonly maxConcurrentBatches = 4;
  private readonly base: string;
  private state: EngineStatus;
  private batchRoute = true;
  private probeTimer: NodeJS.Timeout | undefined;
  private firstProbe: Promise<void> | undefined;

  constructor(private readonly options: RemoteEngineOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.modelId = `remote:${this.base}`;
    this.state = { state: 'loading', model: this.base };
  }

  start(): this {
    this.firstProbe = this.probe();
    this.probeTimer = setInterval(() => void this.probe(), this.options.probeIntervalMs ?? DEFAULT_PROBE_MS);
    this.probeTimer.unref();
    return this;
  }

  status(): EngineStatus {
    return { ...this.state };
  }

  async whenReady(): Promise<void> {
    await this.firstProbe;
    if (this.state.state === 'error') throw new Error(this.state.detail);
  }

  async close(): Promise<void> {
    clearInterval(this.probeTimer);
  }

  async translate(
    sentences: readonly string[],
    source: string,
    target: string,
    signal?: AbortSignal,
  ): Promise<string[]> {
    if (sentences.length === 0) return [];
    if (this.batchRoute) {
      const answer = await this.post(
        '/api/v1/translate/batch',
        { texts: sentences, source_language: source, target_language: target },
        signal,
      );
      if (answer !== 'no-route') {
        const translations = (answer as { translations?: { translated_text?: unknown }[] }).translations;
        if (!Array.isArray(translations) || translations.length !== sentences.length) {
          throw this.badAnswer('the batch answer has no translations array of the right length');
        }
        return translations.map((item) => this.text(item?.translated_text));
      }
      this.batchRoute = false;
    }
    const results: string[] = new Array<string>(sentences.length);
    let next = 0;
    const worker = async () => {
      while (next < sentences.length) {
        const index = next++;
        const answer = await this.post(
          '/api/v1/translate',
          { text: sentences[index], source_language: source, target_language: target },
          signal,
        );
        if (answer === 'no-route') throw this.badAnswer('it has no /api/v1/translate route');
        results[index] = this.text((answer as { translated_text?: unknown }).translated_text);
      }
    };
    await Promise.all(Array.from({ length: Math.min(SINGLE_CONCURRENCY, sentences.length) }, worker));
    return results;
  }

  /** POSTs JSON; resolves with the parsed body, or 'no-route' for 404/405. */
  private async post(route: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(`${this.base}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: combined,
      });
    } catch (error) {
      throw this.fetchFailure(error, signal, timeout);
    }
    if (response.status === 404 || response.status === 405) {
      await response.body?.cancel();
      return 'no-route';
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch (error) {
      if (isAbortError(error) || timeout.aborted) throw this.fetchFailure(error, signal, timeout);
      parsed = undefined;
    }
    if (!response.ok) throw this.remoteError(response, parsed);
    if (parsed === undefined) throw this.badAnswer(`it answered ${response.status} without JSON`);
    this.markReady();
    return parsed;
  }

  private fetchFailure(error: unknown, signal: AbortSignal | undefined, timeout: AbortSignal): Error {
    if (signal?.aborted) return abortError(signal);
    if (timeout.aborted) {
      return new ApiError(
        504,
        'TIMEOUT',
        `The remote translation server ${this.base} did not answer within ${this.options.timeoutMs / 1000} s`,
      );
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    this.state = { state: 'error', model: this.base, detail: `cannot reach ${this.base} (${reason})` };
    return new ApiError(
      502,
      'UPSTREAM_ERROR',
      `Cannot reach the remote translation server ${this.base} (${reason})`,
    );
  }

  /** The remote's status and detail go through: its 503 stays a 503 with its Retry-After. */
  private remoteError(response: Response, body: unknown): ApiError {
    const detail =
      typeof (body as { detail?: unknown })?.detail === 'string'
        ? (body as { detail: string }).detail
        : undefined;
    const said = detail ?? `HTTP ${response.status} ${response.statusText}`.trim();
    const retryAfter = response.headers.get('retry-after');
    const headers: Record<string, string> = retryAfter ? { 'Retry-After': retryAfter } : {};
    if (response.status === 503)
      return new ApiError(503, 'MODEL_UNAVAILABLE', `Remote translation server: ${said}`, headers);
    if (response.status === 429)
      return new ApiError(429, 'RATE_LIMITED', `Remote translation server: ${said}`, headers);
    if (response.status >= 400 && response.status < 500) {
      const code = (body as { code?: unknown })?.code;
      return new ApiError(
        response.status,
        typeof code === 'string' ? code : 'UPSTREAM_ERROR',
        `Remote translation server: ${said}`,
      );
    }
    return new ApiError(
      502,
      'UPSTREAM_ERROR',
      `Remote translation server failed (${response.status}): ${said}`,
    );
  }

  private badAnswer(why: string): ApiError {
    return new ApiError(
      502,
      'UPSTREAM_ERROR',
      `The remote translation server ${this.base} gave an unusable answer: ${why}`,
    );
  }

  private text(value: unknown): string {
    if (typeof value !== 'string') throw this.badAnswer('translated_text is missing');
    return value;
  }

  private markReady(): void {
    if (this.state.state !== 'ready') this.state = { state: 'ready', model: this.base };
  }

  /** Reads the remote's /status: ready if it answers and its translation engine is not in error. */
  private async probe(): Promise<void> {
    try {
      const response = await fetch(`${this.base}/status`, {
        signal: AbortSignal.timeout(Math.min(this.options.timeoutMs, 10_000)),
      });
      const body = (await response.json().catch(() => undefined)) as
        { engines?: { translation?: EngineStatus } } | undefined;
      const remote = body?.engines?.translation;
      if (!response.ok) {
        this.state = {
          state: 'error',
          model: this.base,
          detail: `${this.base}/status answered ${response.status}`,
        };
      } else if (remote?.state === 'error') {
        this.state = {
          state: 'error',
          model: this.base,
          detail: `the remote engine is in error: ${remote.detail ?? 'no reason given'}`,
        };
      } else if (remote?.state === 'loading') {
        this.state = {
          state: 'loading',
          model: this.base,
          ...(remote.progress === undefined ? {} : { progress: remote.progress }),
        };
      } else {
        this.state = { state: 'ready', model: remote?.model ? `${this.base} (${remote.model})` : this.base };
      }
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      this.state = {
        state: 'error',
        model: this.base,
        detail: `cannot reach ${this.base} (${cause?.code ?? (error as Error).message})`,
      };
    }
  }
}
