/**
 * One server the remote engine forwards to: its calls over /api/v1, which of its failures are worth
 * trying elsewhere, and its /status probe. The engine's pool (`../endpoint-pool.ts`) spreads work
 * over several of these and tries a failed call once on another.
 */
import { ApiError } from '../../../lib/errors.ts';
import { isAbortError } from '../../errors.ts';
import { callFailure, EndpointFailure, type PooledEndpoint } from '../endpoint-pool.ts';
import type { EngineStatus, TranslateSentences } from '../types.ts';

/** Sentences sent per call to a server without the batch route. */
const SINGLE_CONCURRENCY = 4;

export class RemoteEndpoint implements PooledEndpoint {
  readonly base: string;
  /** What its /status last said (or what the last call showed). */
  state: EngineStatus;
  /** The model it reports translating with (`model_id` on its /status), once known. */
  modelId: string | undefined;
  private batchRoute = true;

  constructor(
    url: string,
    private readonly timeoutMs: number,
  ) {
    this.base = url.replace(/\/+$/, '');
    this.state = { state: 'loading', model: this.base };
  }

  get usable(): boolean {
    return this.state.state !== 'error';
  }

  readonly translate: TranslateSentences = async (sentences, source, target, signal) => {
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
  };

  /** Reads its /status: ready if it answers and its translation engine is not in error. */
  async probe(): Promise<void> {
    try {
      const response = await fetch(`${this.base}/status`, {
        signal: AbortSignal.timeout(Math.min(this.timeoutMs, 10_000)),
      });
      const body = (await response.json().catch(() => undefined)) as
        { engines?: { translation?: EngineStatus } } | undefined;
      const remote = body?.engines?.translation;
      if (typeof remote?.model_id === 'string') this.modelId = remote.model_id;
      if (response.status === 404 && (await this.isInferenceNode())) {
        // The remote engine speaks /api/v1 to full Sema servers; an inference node serves only the
        // inference protocol (KServe v2), which is the kserve engine's.
        this.markDown(
          `${this.base} is a Sema inference node (SEMA_INFERENCE_API=on), which serves only the inference protocol: point SEMA_TRANSLATION_ENGINE=kserve and SEMA_KSERVE_URL at it (the remote engine is for full Sema servers)`,
        );
      } else if (!response.ok) {
        this.markDown(`${this.base}/status answered ${response.status}`);
      } else if (remote?.state === 'error') {
        this.markDown(`the remote engine is in error: ${remote.detail ?? 'no reason given'}`);
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
      this.markDown(`cannot reach ${this.base} (${cause?.code ?? (error as Error).message})`);
    }
  }

  /** Whether the server answers the inference protocol's liveness probe (a Sema inference node, Triton). */
  private async isInferenceNode(): Promise<boolean> {
    try {
      const live = await fetch(`${this.base}/v2/health/live`, {
        signal: AbortSignal.timeout(Math.min(this.timeoutMs, 10_000)),
      });
      await live.body?.cancel();
      return live.ok;
    } catch {
      return false;
    }
  }

  markDown(detail: string): void {
    this.state = { state: 'error', model: this.base, detail };
  }

  /** POSTs JSON; resolves with the parsed body, or 'no-route' for 404/405. */
  private async post(route: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
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
      throw callFailure(this, 'remote translation server', {
        error,
        signal,
        timeout,
        timeoutMs: this.timeoutMs,
      });
    }
    if (response.status === 404 || response.status === 405) {
      await response.body?.cancel();
      return 'no-route';
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch (error) {
      if (isAbortError(error) || timeout.aborted)
        throw callFailure(this, 'remote translation server', {
          error,
          signal,
          timeout,
          timeoutMs: this.timeoutMs,
        });
      parsed = undefined;
    }
    if (!response.ok) throw this.remoteError(response, parsed);
    if (parsed === undefined) throw this.badAnswer(`it answered ${response.status} without JSON`);
    if (this.state.state !== 'ready') this.state = { state: 'ready', model: this.base };
    return parsed;
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
      return new EndpointFailure(503, 'MODEL_UNAVAILABLE', `Remote translation server: ${said}`, headers);
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
    return new EndpointFailure(
      502,
      'UPSTREAM_ERROR',
      `Remote translation server failed (${response.status}): ${said}`,
    );
  }

  private badAnswer(why: string): ApiError {
    return new EndpointFailure(
      502,
      'UPSTREAM_ERROR',
      `The remote translation server ${this.base} gave an unusable answer: ${why}`,
    );
  }

  private text(value: unknown): string {
    if (typeof value !== 'string') throw this.badAnswer('translated_text is missing');
    return value;
  }
}
