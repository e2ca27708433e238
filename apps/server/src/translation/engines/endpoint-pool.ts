/**
 * The servers an engine spreads its work over (`remote`, `kserve`): each one's health, probed on
 * an interval; calls round-robin to those that are up; a call that fails on one server tried once
 * more on the next; and the servers' states summed up for /status. What is particular to an
 * engine — its protocol's call, its probe, which answers mark a server down — is in its endpoint
 * (`remote/endpoint.ts`, `kserve/endpoint.ts`).
 */
import { ApiError } from '../../lib/errors.ts';
import { abortError } from '../errors.ts';
import { EndpointRotation } from './endpoint-rotation.ts';
import type { EngineStatus } from './types.ts';

/**
 * A failure worth trying again on another server: it could not be reached or failed itself (then
 * it is marked down), or it is busy or still loading (a 503: it stays up, its Retry-After stands).
 * Any other error (a refusal, a timeout, an abort) is not tried again.
 */
export class EndpointFailure extends ApiError {
  override name = 'EndpointFailure';
  get marksDown(): boolean {
    return this.statusCode !== 503;
  }
}

/**
 * What a call that threw before its answer came means: the caller's abort; a timeout (not tried
 * elsewhere: the work may simply be long, and a second wait would double it); else a server that
 * could not be reached (marked down, tried elsewhere). `server` names it in messages, e.g. `the
 * inference server`.
 */
export function callFailure(
  endpoint: PooledEndpoint,
  server: string,
  failure: { error: unknown; signal: AbortSignal | undefined; timeout: AbortSignal; timeoutMs: number },
): Error {
  const { error, signal, timeout, timeoutMs } = failure;
  if (signal?.aborted) return abortError(signal);
  const named = `${server} ${endpoint.base}`;
  if (timeout.aborted) {
    return new ApiError(504, 'TIMEOUT', `The ${named} did not answer within ${timeoutMs / 1000} s`);
  }
  const reason = reasonOf(error);
  endpoint.markDown(`cannot reach ${endpoint.base} (${reason})`);
  return new EndpointFailure(502, 'UPSTREAM_ERROR', `Cannot reach the ${named} (${reason})`);
}

/** Why a fetch failed, as its cause says it (`ECONNREFUSED`, …). */
export function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

/** One server, as the pool sees it. */
export interface PooledEndpoint {
  /** Its base URL, without a trailing slash. */
  readonly base: string;
  /** What its probe last said (or what the last call showed). */
  readonly state: EngineStatus;
  /** Whether work may go to it while another server is up. */
  readonly usable: boolean;
  /** Asks the server how it is, and updates `state`. Never rejects. */
  probe(): Promise<void>;
  /** Takes it out of the rotation until a probe or a call shows it up again. */
  markDown(detail: string): void;
}

export class EndpointPool<T extends PooledEndpoint> {
  private readonly rotation: EndpointRotation<T>;
  private probeTimer: NodeJS.Timeout | undefined;

  /** `endpoints`: at least one. */
  constructor(
    readonly endpoints: readonly T[],
    private readonly probeIntervalMs: number,
  ) {
    if (endpoints.length === 0) throw new Error('an endpoint pool needs at least one server');
    this.rotation = new EndpointRotation(endpoints);
  }

  /** Probes every server now and then every `probeIntervalMs`; resolves after the first round. */
  start(): Promise<void> {
    clearInterval(this.probeTimer);
    this.probeTimer = setInterval(() => void this.probeAll(), this.probeIntervalMs);
    this.probeTimer.unref();
    return this.probeAll();
  }

  close(): void {
    clearInterval(this.probeTimer);
  }

  /**
   * Runs `call` on the next server that is up; if it fails with an `EndpointFailure`, marks that
   * server down (unless it is only busy) and runs it once more on the next one (the same one when
   * there is no other, unless it was busy: it has said when to come back).
   */
  async call<R>(call: (endpoint: T) => Promise<R>, signal?: AbortSignal): Promise<R> {
    const first = this.rotation.pick();
    try {
      return await call(first);
    } catch (error) {
      if (!(error instanceof EndpointFailure) || signal?.aborted) throw error;
      // An endpoint that marked itself down keeps its own words for why.
      if (error.marksDown && first.usable) first.markDown(error.detail);
      const second = this.rotation.pick(first);
      if (second === first && !error.marksDown) throw error;
      return call(second);
    }
  }

  /** Each server's state, in the configured order. */
  states(): EngineStatus[] {
    return this.endpoints.map((endpoint) => endpoint.state);
  }

  /**
   * The servers together, for /status: ready while any is (saying which are down, if any, as
   * `k of n <servers> up; …`), else loading while any is (with its download progress), else in
   * error with every server's reason.
   */
  summary(servers: string): Omit<EngineStatus, 'model'> {
    const states = this.states();
    const up = states.filter((state) => state.state === 'ready').length;
    if (up === states.length) return { state: 'ready' };
    if (up > 0) {
      const down = states
        .filter((state) => state.state !== 'ready')
        .map((state) => state.detail ?? state.model);
      return { state: 'ready', detail: `${up} of ${states.length} ${servers} up; ${down.join('; ')}` };
    }
    const loading = states.find((state) => state.state === 'loading');
    if (loading)
      return { state: 'loading', ...(loading.progress === undefined ? {} : { progress: loading.progress }) };
    return { state: 'error', detail: states.map((state) => state.detail).join('; ') };
  }

  private async probeAll(): Promise<void> {
    await Promise.all(this.endpoints.map((endpoint) => endpoint.probe()));
  }
}
