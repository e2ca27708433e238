/**
 * One inference server the kserve engine sends sequences to: its calls over the Open Inference
 * Protocol, which of its failures are worth trying elsewhere, and its health probe. The engine's
 * pool (`../endpoint-pool.ts`) spreads work over several of these and tries a failed sequence once
 * on another.
 */
import { outputSequence, sequenceRequest } from '../../../inference/open-inference.ts';
import { ApiError } from '../../../lib/errors.ts';
import { isAbortError } from '../../errors.ts';
import { callFailure, EndpointFailure, reasonOf, type PooledEndpoint } from '../endpoint-pool.ts';
import type { EngineStatus } from '../types.ts';

/** How long a health probe may take. */
const PROBE_TIMEOUT_MS = 2_000;

export class KserveEndpoint implements PooledEndpoint {
  readonly base: string;
  /** What its health routes last said (or what the last call showed). */
  state: EngineStatus;
  private readonly model: string;

  constructor(
    url: string,
    model: string,
    private readonly timeoutMs: number,
  ) {
    this.base = url.replace(/\/+$/, '');
    this.model = encodeURIComponent(model);
    this.state = { state: 'loading', model: this.base };
  }

  get usable(): boolean {
    return this.state.state === 'ready';
  }

  /** Sends one sequence and resolves with `OUTPUT_IDS`. */
  async infer(
    inputIds: readonly number[],
    targetPrefix: readonly number[],
    signal?: AbortSignal,
  ): Promise<number[]> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(`${this.base}/v2/models/${this.model}/infer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(sequenceRequest(inputIds, targetPrefix)),
        signal: combined,
      });
      body = await response.json().catch((error: unknown) => {
        if (isAbortError(error) || timeout.aborted) throw error;
        return undefined;
      });
    } catch (error) {
      throw callFailure(this, 'inference server', { error, signal, timeout, timeoutMs: this.timeoutMs });
    }
    if (!response.ok) throw this.serverError(response, body);
    const output = outputSequence(body);
    if (!output) {
      this.markDown(`${this.base} answered without OUTPUT_IDS`);
      throw new EndpointFailure(
        502,
        'UPSTREAM_ERROR',
        `The inference server ${this.base} gave an unusable answer (no INT32 OUTPUT_IDS)`,
      );
    }
    if (this.state.state !== 'ready') this.state = { state: 'ready', model: this.base };
    return output;
  }

  /** Reads the server's readiness and the model's: ready only when both answer 200. */
  async probe(): Promise<void> {
    try {
      for (const route of ['/v2/health/ready', `/v2/models/${this.model}/ready`]) {
        const response = await fetch(`${this.base}${route}`, {
          signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.status !== 200) {
          this.markDown(`${this.base}${route} answered ${response.status}`);
          return;
        }
      }
      this.state = { state: 'ready', model: this.base };
    } catch (error) {
      this.markDown(`cannot reach ${this.base} (${reasonOf(error)})`);
    }
  }

  markDown(detail: string): void {
    this.state = { state: 'error', model: this.base, detail };
  }

  /**
   * A 503 (loading, draining, queue full) is tried elsewhere and leaves the server up; a 404 (no
   * such model there) or a 5xx marks it down and is tried elsewhere; a 429 passes through; any
   * other 4xx is a request this server should not have sent, and is not tried again.
   */
  private serverError(response: Response, body: unknown): ApiError {
    const said = (body as { error?: unknown } | undefined)?.error;
    const detail = `${response.status}${typeof said === 'string' ? `: ${said}` : ''}`;
    const retryAfter = response.headers.get('retry-after');
    const headers: Record<string, string> = retryAfter ? { 'Retry-After': retryAfter } : {};
    if (response.status === 503) {
      return new EndpointFailure(
        503,
        'MODEL_UNAVAILABLE',
        `Inference server ${this.base} is not available (${detail})`,
        headers,
      );
    }
    if (response.status === 429) {
      return new ApiError(429, 'RATE_LIMITED', `Inference server ${this.base} refused: ${detail}`, headers);
    }
    if (response.status === 404 || response.status >= 500) {
      this.markDown(`${this.base} answered ${detail}`);
      return new EndpointFailure(502, 'UPSTREAM_ERROR', `Inference server ${this.base} failed (${detail})`);
    }
    return new ApiError(
      502,
      'UPSTREAM_ERROR',
      `Inference server ${this.base} refused the request (${detail})`,
    );
  }
}
