/**
 * Runs the translation model process and keeps it running: starts it, watches it for hangs, and restarts
 * it by the policy in docs/architecture.md ("The model process and its restart policy"):
 *
 * - a crash: restart after 0.5 s (`restartDelayMs`), doubling with each crash in a row up to 30 s;
 *   a batch that completes ends the row;
 * - three crashes while the model loads: a failed load;
 * - a failed load (the model cannot be had): the process is stopped, and the load is tried again
 *   after `loadRetryDelayMs` (30 s), doubling up to 15 minutes; a crash during that retry is
 *   restarted as soon as a first crash would be;
 * - silence (no heartbeat) for `hangTimeoutMs` (30 s) while work waits: killed, then as a crash.
 *
 * What the model is doing is recorded in the status machine (`model-state.ts`); the work in flight
 * is the engine's (`pending-requests.ts`), told through `hooks`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { COST_WITHOUT, type EngineFeatures } from './engine-files/engine-features.ts';
import type { ModelState } from './model-state.ts';
import type { FromModelProcess, ModelProcessSettings, ToModelProcess } from './protocol.ts';
import { backoffDelay } from '../../../lib/backoff.ts';
import { siblingModule } from '../../../lib/sibling-module.ts';

export interface SupervisorOptions {
  /** The model as configured, for the log. */
  label: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** First delay before restarting a crashed child; doubles on each crash in a row (max 30 s). */
  restartDelayMs?: number;
  /** First delay before trying again to load a model that failed; doubles each time (max 15 min). */
  loadRetryDelayMs?: number;
  /** How long the model process may stay silent while it has work before it is replaced. */
  hangTimeoutMs?: number;
}

export interface SupervisorHooks {
  /** An answer to a piece of work (`translated`, `alternatives`, `generated`, `failed`). */
  onAnswer(message: FromModelProcess): void;
  /** The model process ended unasked (crash, kill, hang): the work it had is lost. */
  onProcessLost(how: string): void;
  /** Whether work waits on the model process (only then is its silence a hang). */
  hasWork(): boolean;
}

/** A model process that says nothing for this long while it has work is taken for hung. */
const DEFAULT_HANG_TIMEOUT_MS = 30_000;
const DEFAULT_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
const MAX_CRASHES_WHILE_LOADING = 3;

export class ModelProcessSupervisor {
  private modelProcess: ChildProcess | undefined;
  private crashesInARow = 0;
  /** Crashes before the model was ever ready: the load itself kills the child. */
  private crashesWhileLoading = 0;
  /** Failed loads in a row, for the retry back-off. */
  private loadFailures = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  /** When the model process last sent anything, and the timer that watches for its silence. */
  private lastHeard = 0;
  private watchdog: NodeJS.Timeout | undefined;
  /** Speed-ups whose fallback was logged: once each, not again at every restart (until one works again). */
  private readonly fallbacksLogged = new Set<string>();
  private closed = false;

  constructor(
    private readonly settings: ModelProcessSettings,
    private readonly state: ModelState,
    private readonly options: SupervisorOptions,
    private readonly hooks: SupervisorHooks,
  ) {}

  /** Starts the model process, which loads (or downloads) the model. */
  start(): void {
    const hangMs = this.hangTimeoutMs;
    this.watchdog = setInterval(() => this.checkAlive(), Math.max(50, Math.min(5_000, hangMs / 4)));
    this.watchdog.unref();
    this.spawn();
  }

  /** Whether a model process runs now (between a crash and its restart, none does). */
  get running(): boolean {
    return this.modelProcess !== undefined;
  }

  /** The running model process's id, if one runs. */
  get pid(): number | undefined {
    return this.modelProcess?.pid;
  }

  /** Sends to the running model process; a process that just died takes nothing (its loss is reported). */
  send(message: ToModelProcess): void {
    const child = this.modelProcess;
    if (child) post(child, message);
  }

  /** Kills the model process as a crash would; it restarts as after one. */
  async kill(): Promise<void> {
    const child = this.modelProcess;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Stops the model process for good (no restart). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.restartTimer);
    clearInterval(this.watchdog);
    const child = this.modelProcess;
    this.modelProcess = undefined;
    if (child) await stop(child);
  }

  private get hangTimeoutMs(): number {
    return this.options.hangTimeoutMs ?? DEFAULT_HANG_TIMEOUT_MS;
  }

  private spawn(): void {
    const bootstrap = fileURLToPath(new URL('./model-process-bootstrap.mjs', import.meta.url));
    const entry = siblingModule('./model-process', import.meta.url).href;
    const child = fork(bootstrap, [entry], {
      // The parent's flags belong to the parent (a test runner's, tsx's); the bootstrap needs none.
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: modelProcessEnv(process.env),
    });
    this.modelProcess = child;
    this.lastHeard = Date.now();
    child.on('message', (message: FromModelProcess) => {
      if (this.modelProcess === child) this.lastHeard = Date.now();
      this.onMessage(message);
    });
    child.on('error', (error) => this.options.log.error({ err: error }, 'translation model process failed'));
    child.on('exit', (code, signal) => this.onExit(child, signal ?? `exit code ${code}`));
    post(child, { type: 'start', settings: this.settings });
  }

  /**
   * Replaces a model process that went silent while it had work (stopped, swapped out, stuck in a
   * native call): its batch fails with a clear 503 and a new process starts, as after a crash.
   */
  private checkAlive(): void {
    const child = this.modelProcess;
    const silentMs = Date.now() - this.lastHeard;
    if (!child || !this.hooks.hasWork() || silentMs < this.hangTimeoutMs) return;
    this.options.log.error(
      `translation model process silent for ${Math.round(silentMs / 1000)} s with work to do: replacing it`,
    );
    child.kill('SIGKILL');
  }

  /** Warns, once, of each speed-up or saving the model runs without because something failed. */
  private logFallbacks(features: EngineFeatures): void {
    for (const [name, feature] of Object.entries(features)) {
      if (!feature.fallback) {
        this.fallbacksLogged.delete(name);
        continue;
      }
      if (this.fallbacksLogged.has(name)) continue;
      this.fallbacksLogged.add(name);
      this.options.log.warn(
        `translation model ${this.options.label}: runs without ${name} (${COST_WITHOUT[name as keyof EngineFeatures]}): ${feature.why ?? 'unknown'}`,
      );
    }
  }

  private onMessage(message: FromModelProcess): void {
    switch (message.type) {
      case 'heartbeat':
        return;
      case 'download':
        this.state.downloading(message.file, message.loaded, message.total);
        return;
      case 'identified':
        this.state.identified({ family: message.family, languages: message.languages });
        return;
      case 'ready':
        this.crashesWhileLoading = 0;
        this.loadFailures = 0;
        this.state.ready(
          message.vocabularySize,
          { family: message.family, languages: message.languages },
          message.features,
        );
        this.options.log.info(
          `translation model ${this.options.label} ready in ${message.seconds.toFixed(1)} s`,
        );
        this.logFallbacks(message.features);
        return;
      case 'load-failed':
        this.loadFailed(`${message.reason}. ${message.hint}`);
        return;
      case 'translated':
      case 'generated':
        // A batch that completes ends a row of crashes.
        this.crashesInARow = 0;
        this.hooks.onAnswer(message);
        return;
      case 'alternatives':
      case 'failed':
        this.hooks.onAnswer(message);
        return;
    }
  }

  private onExit(child: ChildProcess, how: string): void {
    if (this.modelProcess !== child) return; // closed on purpose, or already replaced
    this.modelProcess = undefined;
    this.hooks.onProcessLost(how);
    if (this.state.loadUnderWay && ++this.crashesWhileLoading >= MAX_CRASHES_WHILE_LOADING) {
      this.loadFailed(
        `the translation model process stopped ${MAX_CRASHES_WHILE_LOADING} times while loading the model (${how}); see the server log`,
      );
      return;
    }
    const restartDelayMs = this.options.restartDelayMs ?? DEFAULT_RESTART_DELAY_MS;
    if (this.state.isRetry) {
      // A crash during a retry is retried as soon as a crash would be, still as an error meanwhile.
      this.spawnLater(restartDelayMs);
      return;
    }
    const delay = backoffDelay(this.crashesInARow, restartDelayMs, MAX_RESTART_DELAY_MS);
    this.crashesInARow++;
    this.options.log.error(`translation model process stopped (${how}); restarting in ${delay} ms`);
    this.state.restarting();
    this.spawnLater(delay);
  }

  /**
   * The model cannot be had: say why, free the process's memory, and try again later. The state
   * stays `error` through the retry (requests fail fast) until the model is ready or downloading.
   */
  private loadFailed(detail: string): void {
    this.crashesWhileLoading = 0; // the retry gets its own three tries
    const child = this.modelProcess;
    this.modelProcess = undefined;
    if (child) void stop(child);
    const delay = backoffDelay(this.loadFailures, this.options.loadRetryDelayMs);
    this.loadFailures++;
    this.state.failed(detail, new Date(Date.now() + delay));
    // The first failure is an error worth reading; the same failure again is only a reminder.
    const wait = `trying again in ${duration(delay)}`;
    if (this.loadFailures === 1) {
      this.options.log.error(`translation model ${this.options.label} is not available: ${detail} (${wait})`);
    } else {
      this.options.log.warn(
        `translation model ${this.options.label} is still not available: ${detail} (${wait})`,
      );
    }
    this.spawnLater(delay, () => this.state.retryStarted());
  }

  /** Starts a new model process after `delayMs` (after `prepare`), unless closed first. */
  private spawnLater(delayMs: number, prepare?: () => void): void {
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      if (this.closed) return;
      prepare?.();
      this.spawn();
    }, delayMs);
  }
}

function post(child: ChildProcess, message: ToModelProcess): void {
  // A process that just died cannot take messages; its exit handler fails the pending work.
  if (child.connected) child.send(message);
}

/**
 * Asks the process to end by closing its channel (it ignores SIGTERM and SIGINT, which a stop of the
 * whole process group sends it too: model-process.ts), and kills it if it has not within a few seconds.
 */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.connected) child.disconnect();
  else child.kill('SIGKILL');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

function duration(ms: number): string {
  return ms >= 60_000 ? `${+(ms / 60_000).toFixed(1)} min` : `${+(ms / 1000).toFixed(1)} s`;
}

/**
 * The model process's environment: the server's, with glibc's allocator told to serve large blocks
 * from its heap and keep freed memory for the next step (unless the server's environment says
 * otherwise). A decoder step frees and allocates the same large blocks every time (the Node
 * binding copies every output into fresh buffers: the whole key/value cache before decoder-cache.ts,
 * the step's new keys and values and the runtime's own working memory now); with glibc's
 * defaults the largest are fresh mappings, or heap the allocator has just given back, whose pages
 * fault in again each step. Side by side (NLLB-600M q8, quiet machine): greedy batch 32 1.20×
 * the tokens/s, 4 beams at batch 8 1.07–1.24×; peak memory +18 to +66 MB, but the process stays at
 * its peak after a large batch instead of shrinking. Before, a fixed 1 MB mmap threshold (the
 * opposite: every block over 1 MB mapped afresh) saved ~270 MB resident for NLLB-600M and cost
 * 1.6× (NLLB-600M, batch 8) to ~4× (OPUS-MT at batch 32, 4 beams) the time. jemalloc
 * (`LD_PRELOAD` of Debian's libjemalloc2) was 0.25× (bench/results/HISTORY.md).
 * Re-measured since decoder-cache.ts, the external weights and the decoder's own embedding table
 * (`npm run bench:memory`, NLLB-600M q8 greedy, tokens per CPU-second, load 8–11): the same peak
 * either way (the peak is the load), 105–145 MB more resident after loading with these settings;
 * speed within the noise at batch 8, but glibc's defaults 0.85× and 0.93× at batch 32 (two runs): kept.
 */
export function modelProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { MALLOC_MMAP_THRESHOLD_: String(2 ** 30), MALLOC_TRIM_THRESHOLD_: String(2 ** 33), ...env };
}
