/**
 * Forwards translation to other servers that speak our /api/v1 contract (other Semas, or the
 * spec's hosted API). This is how translation scales past one machine: API nodes run this engine,
 * inference nodes run the model.
 *
 * Several servers can be listed: calls go round-robin to those that are up. A call that fails
 * because its server could not be reached or failed itself (a refused or cut connection, a 5xx, an
 * unusable answer) marks that server down and is tried once more on the next one (the same one when
 * only one is listed), since a translation can be asked twice without harm; a 503 (busy, loading)
 * is tried on another server without marking it down. A server marked down is probed every few
 * seconds and used again as soon as its /status says it is ready. Client errors and timeouts are
 * not retried.
 */
import { EndpointRotation } from './endpoint-rotation.ts';
import { EndpointFailure, RemoteEndpoint } from './remote/endpoint.ts';
import type { EngineStatus, TranslationEngine } from './types.ts';

export interface RemoteEngineOptions {
  /** Base URLs of the other servers, e.g. `http://inference-1:3000`. */
  urls: readonly string[];
  timeoutMs: number;
  /** How often each server's /status is read, to mark it up or down. */
  probeIntervalMs?: number;
}

const DEFAULT_PROBE_MS = 5_000;

export class RemoteEngine implements TranslationEngine {
  readonly name = 'remote';
  readonly maxConcurrentBatches: number;
  private readonly endpoints: RemoteEndpoint[];
  private readonly rotation: EndpointRotation<RemoteEndpoint>;
  private probeTimer: NodeJS.Timeout | undefined;
  private firstProbe: Promise<void> | undefined;

  constructor(private readonly options: RemoteEngineOptions) {
    if (options.urls.length === 0) throw new Error('the remote engine needs at least one URL');
    this.endpoints = options.urls.map((url) => new RemoteEndpoint(url, options.timeoutMs));
    this.rotation = new EndpointRotation(this.endpoints);
    this.maxConcurrentBatches = 4 * this.endpoints.length;
  }

  /**
   * The model that translates, as the servers report it, so that API nodes reaching the same
   * inference servers by different names (or running the same model themselves) share cached
   * translations. Until a server has said, the list of URLs stands in.
   */
  get modelId(): string {
    const reported = this.endpoints.find((endpoint) => endpoint.modelId)?.modelId;
    return reported ?? `remote:${this.endpoints.map((endpoint) => endpoint.base).join(',')}`;
  }

  start(): this {
    this.firstProbe = this.probeAll();
    this.probeTimer = setInterval(
      () => void this.probeAll(),
      this.options.probeIntervalMs ?? DEFAULT_PROBE_MS,
    );
    this.probeTimer.unref();
    return this;
  }

  /** Ready while any server is; otherwise loading while any is, else the reasons they are down. */
  status(): EngineStatus {
    const states = this.endpoints.map((endpoint) => endpoint.state);
    const model = this.endpoints.map((endpoint) => endpoint.base).join(', ');
    const modelId = this.modelId;
    if (states.some((state) => state.state === 'ready')) return { state: 'ready', model, model_id: modelId };
    const loading = states.find((state) => state.state === 'loading');
    if (loading) return { ...loading, model, model_id: modelId };
    return {
      state: 'error',
      model,
      model_id: modelId,
      detail: states.map((state) => state.detail).join('; '),
    };
  }

  async whenReady(): Promise<void> {
    await this.firstProbe;
    const status = this.status();
    if (status.state === 'error') throw new Error(status.detail);
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
    const first = this.pick();
    try {
      return await first.translate(sentences, source, target, signal);
    } catch (error) {
      if (!(error instanceof EndpointFailure) || signal?.aborted) throw error;
      if (error.marksDown) first.markDown(error.detail);
      const second = this.pick(first);
      // A lone server that is busy has said when to come back (Retry-After): asking again now is no use.
      if (second === first && !error.marksDown) throw error;
      return second.translate(sentences, source, target, signal);
    }
  }

  private pick(avoid?: RemoteEndpoint): RemoteEndpoint {
    return this.rotation.pick(avoid);
  }

  private async probeAll(): Promise<void> {
    await Promise.all(this.endpoints.map((endpoint) => endpoint.probe()));
  }
}
