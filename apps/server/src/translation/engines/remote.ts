/**
 * Forwards translation to other servers that speak our /api/v1 contract (other full Semas, or the
 * spec's hosted API): one Sema in front of others. Sema's inference nodes (SEMA_INFERENCE_API=on)
 * serve only the inference protocol and are reached with the kserve engine instead; pointed at one,
 * this engine's probe says so.
 *
 * Several servers can be listed: calls go round-robin to those that are up. A call that fails
 * because its server could not be reached or failed itself (a refused or cut connection, a 5xx, an
 * unusable answer) marks that server down and is tried once more on the next one (the same one when
 * only one is listed), since a translation can be asked twice without harm; a 503 (busy, loading)
 * is tried on another server without marking it down. A server marked down is probed every few
 * seconds and used again as soon as its /status says it is ready. Client errors and timeouts are
 * not retried.
 */
import { EndpointPool } from './endpoint-pool.ts';
import { RemoteEndpoint } from './remote/endpoint.ts';
import { PooledEngine } from './pooled-engine.ts';
import type { EngineStatus, TranslateSentences } from './types.ts';

export interface RemoteEngineOptions {
  /** Base URLs of the other servers, e.g. `http://inference-1:3000`. */
  urls: readonly string[];
  timeoutMs: number;
  /** How often each server's /status is read, to mark it up or down. */
  probeIntervalMs?: number;
}

const DEFAULT_PROBE_MS = 5_000;

export class RemoteEngine extends PooledEngine<RemoteEndpoint> {
  readonly name = 'remote';

  constructor(options: RemoteEngineOptions) {
    if (options.urls.length === 0) throw new Error('the remote engine needs at least one URL');
    super(
      new EndpointPool(
        options.urls.map((url) => new RemoteEndpoint(url, options.timeoutMs)),
        options.probeIntervalMs ?? DEFAULT_PROBE_MS,
      ),
    );
  }

  /**
   * The model that translates, as the servers report it, so that API nodes reaching the same
   * inference servers by different names (or running the same model themselves) share cached
   * translations. Until a server has said, the list of URLs stands in.
   */
  get modelId(): string {
    const endpoints = this.pool.endpoints;
    const reported = endpoints.find((endpoint) => endpoint.modelId)?.modelId;
    return reported ?? `remote:${endpoints.map((endpoint) => endpoint.base).join(',')}`;
  }

  /** Ready while any server is; otherwise loading while any is, else the reasons they are down. */
  status(): EngineStatus {
    const model = this.pool.endpoints.map((endpoint) => endpoint.base).join(', ');
    return { ...this.pool.summary('servers'), model, model_id: this.modelId };
  }

  protected translateOnPool: TranslateSentences = (sentences, source, target, signal) =>
    this.pool.call((endpoint) => endpoint.translate(sentences, source, target, signal), signal);
}
