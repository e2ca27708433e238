/**
 * What the engines that spread their work over servers (`remote`, `kserve`) share around their
 * `EndpointPool`: starting the probes, readiness, closing, and no call at all for no sentences.
 * An engine adds its protocol (`translateOnPool`), its status and any work of its own at start.
 */
import type { EndpointPool, PooledEndpoint } from './endpoint-pool.ts';
import type { EngineStatus, TranslateSentences, TranslationEngine } from './types.ts';

export abstract class PooledEngine<T extends PooledEndpoint> implements TranslationEngine {
  abstract readonly name: string;
  abstract readonly modelId: string;
  /** Each server takes a few batches at once. */
  readonly maxConcurrentBatches: number;
  private started: Promise<void> | undefined;

  /** `pool`: the servers, their health and the rotation over them (public for tests and drills). */
  protected constructor(readonly pool: EndpointPool<T>) {
    this.maxConcurrentBatches = 4 * pool.endpoints.length;
  }

  /** Starts probing the servers, and the engine's own start work (`prepare`). */
  start(): this {
    this.started = Promise.all([this.pool.start(), this.prepare()]).then(() => {});
    return this;
  }

  abstract status(): EngineStatus;

  /** Resolves after the first probe round (and `prepare`); rejects if the engine is then in error. */
  async whenReady(): Promise<void> {
    await this.started;
    const status = this.status();
    if (status.state === 'error') throw new Error(status.detail);
  }

  async close(): Promise<void> {
    this.pool.close();
  }

  readonly translate: TranslateSentences = async (sentences, source, target, signal) =>
    sentences.length === 0 ? [] : this.translateOnPool(sentences, source, target, signal);

  /** Work of the engine's own that readiness waits for (nothing by default). */
  protected async prepare(): Promise<void> {}

  /** Translates at least one sentence over the pool. */
  protected abstract translateOnPool: TranslateSentences;
}
