/**
 * The embedded engine: NLLB-200 through transformers.js and onnxruntime-node, in a model process of
 * its own so the server's event loop stays free. That process downloads the model on first start
 * (progress in the terminal and in /status), is restarted after a crash, and the engine reports
 * why when the model cannot be had.
 *
 * A process rather than a worker thread: ONNX Runtime's native code takes the whole process down
 * when a thread is torn down mid-inference (tried here: two kills, two dead servers), and a native
 * crash or an out-of-memory kill would too. Across a process boundary the server survives all of it.
 *
 * A model that cannot be had is tried again later, less and less often (30 s, 1 min, 2 min … every
 * 15 min): a server started offline, or before its model folder was copied in, recovers by itself
 * once the cause is gone. Requests meanwhile fail at once with 503 and the reason.
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { toModelCode } from '@sema/shared/languages/catalogue';
import { abortError, abortable, engineRestarted, isAbortError, modelUnavailable } from '../errors.ts';
import { DownloadProgress, type ProgressOutput } from './nllb/download-progress.ts';
import { folderFingerprint, resolveModelSource, type ModelSource } from './model-source.ts';
import type { TranslateStats } from './nllb/nllb-model.ts';
import type { FromModelProcess, ToModelProcess, ModelProcessSettings } from './nllb/protocol.ts';
import type { EngineStatus, TokenGenerator, TranslationEngine } from './types.ts';

export interface NllbEngineOptions {
  /** Hub id or local folder (`SEMA_NLLB_MODEL`). */
  model: string;
  /** Where hub models are downloaded (`SEMA_MODEL_CACHE`). */
  modelCache: string;
  dtype: string;
  /** Another hub (a mirror, or a test server); defaults to huggingface.co. */
  hubUrl?: string;
  /** ONNX Runtime threads; defaults to the cores this process may use. */
  threads?: number;
  /** Beam width (`SEMA_NLLB_BEAMS`); 1, the default, decodes greedily. */
  beams?: number;
  /** Benchmarks only: forced output length per source token (`NllbModel` LoadOptions). */
  forceLengthRatio?: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Where the download progress bar goes; null for none. Defaults to stderr. */
  progressOutput?: ProgressOutput | null;
  /** Called after every batch, e.g. to count tokens. */
  onBatch?: (stats: TranslateStats) => void;
  /** First delay before restarting a crashed child; doubles on each crash in a row (max 30 s). */
  restartDelayMs?: number;
  /** First delay before trying again to load a model that failed; doubles each time (max 15 min). */
  loadRetryDelayMs?: number;
  /** How long the model process may stay silent while it has work before it is replaced. */
  hangTimeoutMs?: number;
}

/**
 * NLLB-200's published weights (every size, and the ONNX exports made from them) are licensed
 * CC-BY-NC 4.0: non-commercial use only. Another model can be configured; its license is not
 * known to us, so none is reported for it.
 */
export const NLLB_WEIGHTS_LICENSE = 'CC-BY-NC-4.0';

/**
 * glibc's allocator settings for the model process (a variable already set in the environment
 * wins). By default glibc raises its mmap threshold as large blocks are freed, so while ONNX
 * Runtime loads a model, later blocks land on the heap between blocks still in use, and the memory
 * freed after loading (the parsed file, the weights it repacked for its kernels) stays resident
 * for the life of the process. A fixed threshold keeps every block of 1 MB and more in its own
 * mapping, given back to the system when freed: 180 MB less resident for the 600M q8 model.
 */
const MODEL_PROCESS_MALLOC: Record<string, string> = {
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? String(1024 * 1024),
};

/** A model process that says nothing for this long while it has work is taken for hung. */
const DEFAULT_HANG_TIMEOUT_MS = 30_000;

interface Pending {
  /** The translations of a `translate`, the n-best lists of `alternatives`, or the token rows of a `generate`. */
  resolve(answer: string[] | string[][] | number[][]): void;
  reject(error: Error): void;
}

const MAX_RESTART_DELAY_MS = 30_000;
const MAX_CRASHES_WHILE_LOADING = 3;
const DEFAULT_LOAD_RETRY_DELAY_MS = 30_000;
const MAX_LOAD_RETRY_DELAY_MS = 15 * 60_000;

export class NllbEngine implements TranslationEngine, TokenGenerator {
  readonly name = 'nllb';
  readonly modelId: string;
  readonly maxConcurrentBatches = 1;
  private readonly modelName: string;
  private readonly license: string | undefined;
  private readonly source: ModelSource;
  private readonly settings: ModelProcessSettings;
  private modelProcess: ChildProcess | undefined;
  private state: EngineStatus;
  private download: DownloadProgress;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private crashesInARow = 0;
  /** Crashes before the model was ever ready: the load itself kills the child. */
  private crashesWhileLoading = 0;
  private restartTimer: NodeJS.Timeout | undefined;
  /** When the model process last sent anything, and the timer that watches for its silence. */
  private lastHeard = 0;
  private watchdog: NodeJS.Timeout | undefined;
  /** Failed loads in a row, for the retry back-off. */
  private loadFailures = 0;
  /** Set while a load is retried after a failure: it stays an error until the model is ready. */
  private retrying = false;
  private closed = false;
  private readyVocabularySize = 0;
  private readiness!: { promise: Promise<void>; resolve(): void; reject(error: Error): void };

  constructor(private readonly options: NllbEngineOptions) {
    this.source = resolveModelSource(options.model, { cacheDir: options.modelCache, hubUrl: options.hubUrl });
    const beams = options.beams ?? 1;
    // Part of the translation cache's key: beam search translates differently from greedy.
    // Never a path: the id is shown on /status and shared with other servers through the cache.
    const model =
      this.source.kind === 'folder' ? folderFingerprint(this.source.path, options.dtype) : this.source.id;
    this.modelId = `nllb:${model}:${options.dtype}${beams > 1 ? `:beams${beams}` : ''}`;
    this.settings = {
      source: this.source,
      dtype: options.dtype,
      threads: options.threads ?? os.availableParallelism(),
      beams,
      ...(options.forceLengthRatio !== undefined && { forceLengthRatio: options.forceLengthRatio }),
    };
    // A local folder is named by its last part: /status is public, the server's paths are not.
    // (A hub id is `org/name`; anything else that is not a folder is a folder that is missing.)
    const looksLikePath = (name: string) => /^[./~\\]/.test(name) || name.split('/').length > 2;
    this.modelName =
      this.source.kind === 'folder'
        ? path.basename(this.source.path)
        : looksLikePath(this.source.id)
          ? path.basename(this.source.id)
          : this.source.id;
    const named = this.source.kind === 'folder' ? this.source.path : this.source.id;
    this.license = /nllb/i.test(named) ? NLLB_WEIGHTS_LICENSE : undefined;
    this.state = { state: 'loading', model: this.modelName };
    this.download = this.newDownload();
    this.resetReadiness();
  }

  /** Starts the child, which loads (or downloads) the model in the background. */
  start(): this {
    const hangMs = this.options.hangTimeoutMs ?? DEFAULT_HANG_TIMEOUT_MS;
    this.watchdog = setInterval(() => this.checkAlive(), Math.max(50, Math.min(5_000, hangMs / 4)));
    this.watchdog.unref();
    this.spawn();
    return this;
  }

  status(): EngineStatus {
    const progress = this.state.state === 'loading' ? this.download.fraction() : undefined;
    const state = {
      ...this.state,
      model_id: this.modelId,
      ...(this.license && { model_license: this.license }),
    };
    return progress === undefined ? state : { ...state, progress: round(progress) };
  }

  whenReady(): Promise<void> {
    return this.readiness.promise;
  }

  async translate(
    sentences: readonly string[],
    source: string,
    target: string,
    signal?: AbortSignal,
  ): Promise<string[]> {
    if (sentences.length === 0) return [];
    return this.ask<string[]>(
      (id) => ({
        type: 'translate',
        id,
        sentences: [...sentences],
        source: toModelCode(source),
        target: toModelCode(target),
      }),
      signal,
    );
  }

  async alternatives(
    sentences: readonly string[],
    source: string,
    target: string,
    count: number,
    signal?: AbortSignal,
  ): Promise<string[][]> {
    if (sentences.length === 0) return [];
    return this.ask<string[][]>(
      (id) => ({
        type: 'alternatives',
        id,
        sentences: [...sentences],
        source: toModelCode(source),
        target: toModelCode(target),
        count,
      }),
      signal,
    );
  }

  /** The model's vocabulary size once it is ready (token ids run from 0 to one below it). */
  get vocabularySize(): number | undefined {
    return this.state.state === 'ready' ? this.readyVocabularySize : undefined;
  }

  /**
   * Generates from token rows the caller tokenized, each `[source language, …tokens, </s>]`,
   * towards `targetToken` (the inference API); resolves with each row's generated tokens, without
   * the language and end tokens. The caller checks the ids against `vocabularySize`.
   */
  async generate(
    rows: readonly (readonly number[])[],
    targetToken: number,
    signal?: AbortSignal,
  ): Promise<number[][]> {
    if (rows.length === 0) return [];
    return this.ask<number[][]>(
      (id) => ({ type: 'generate', id, rows: rows.map((row) => [...row]), targetToken }),
      signal,
    );
  }

  /** Sends one piece of work to the model process and resolves with its answer. */
  private async ask<T>(message: (id: number) => ToModelProcess, signal?: AbortSignal): Promise<T> {
    await this.ready(signal);
    signal?.throwIfAborted();
    const child = this.modelProcess;
    if (!child) throw modelUnavailable('the translation model process is restarting', undefined, 2);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        this.pending.delete(id);
        this.post(child, { type: 'cancel', id });
        reject(abortError(signal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (value) => (settle(), resolve(value as T)),
        reject: (error) => (settle(), reject(error)),
      });
      this.post(child, message(id));
    });
  }

  /** Kills the model process as a crash would (for tests and drills); it restarts as after one. */
  async killModelProcess(): Promise<void> {
    const child = this.modelProcess;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.restartTimer);
    clearInterval(this.watchdog);
    this.failPending(modelUnavailable('the server is shutting down'));
    const child = this.modelProcess;
    this.modelProcess = undefined;
    if (child) await stop(child);
    this.download.finish();
  }

  private async ready(signal?: AbortSignal): Promise<void> {
    if (this.closed) throw modelUnavailable('the server is shutting down');
    if (this.state.state === 'error') throw this.unavailable();
    if (this.state.state === 'ready') return;
    try {
      await abortable(this.readiness.promise, signal);
    } catch (error) {
      throw isAbortError(error) ? error : this.unavailable();
    }
  }

  private unavailable() {
    return modelUnavailable(this.state.detail ?? 'the model failed to load');
  }

  private spawn(): void {
    const bootstrap = fileURLToPath(new URL('./nllb/model-process-bootstrap.mjs', import.meta.url));
    const entry = new URL('./nllb/model-process.ts', import.meta.url).href;
    const child = fork(bootstrap, [entry], {
      // The parent's flags belong to the parent (a test runner's, tsx's); the bootstrap needs none.
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, ...MODEL_PROCESS_MALLOC },
    });
    this.modelProcess = child;
    this.lastHeard = Date.now();
    child.on('message', (message: FromModelProcess) => {
      if (this.modelProcess === child) this.lastHeard = Date.now();
      this.onMessage(message);
    });
    child.on('error', (error) => this.options.log.error({ err: error }, 'translation model process failed'));
    child.on('exit', (code, signal) => this.onExit(child, signal ?? `exit code ${code}`));
    this.post(child, { type: 'start', settings: this.settings });
  }

  private post(child: ChildProcess, message: ToModelProcess): void {
    // A process that just died cannot take messages; its exit handler fails the pending work.
    if (child.connected) child.send(message);
  }

  /**
   * Replaces a model process that went silent while it had work (stopped, swapped out, stuck in a
   * native call): its batch fails with a clear 503 and a new process starts, as after a crash.
   */
  private checkAlive(): void {
    const child = this.modelProcess;
    const silentMs = Date.now() - this.lastHeard;
    if (
      !child ||
      this.pending.size === 0 ||
      silentMs < (this.options.hangTimeoutMs ?? DEFAULT_HANG_TIMEOUT_MS)
    )
      return;
    this.options.log.error(
      `translation model process silent for ${Math.round(silentMs / 1000)} s with work to do: replacing it`,
    );
    child.kill('SIGKILL');
  }

  private onMessage(message: FromModelProcess): void {
    switch (message.type) {
      case 'heartbeat':
        return;
      case 'download':
        // A retry that reaches the hub again is a load in progress, with its progress shown.
        if (this.retrying) this.loadingAgain();
        this.download.update(message.file, message.loaded, message.total);
        return;
      case 'ready':
        this.readyVocabularySize = message.vocabularySize;
        this.crashesWhileLoading = 0;
        this.loadFailures = 0;
        this.retrying = false;
        this.download.finish();
        this.state = { state: 'ready', model: this.modelName };
        this.options.log.info(
          `translation model ${this.options.model} ready in ${message.seconds.toFixed(1)} s`,
        );
        this.readiness.resolve();
        return;
      case 'load-failed':
        this.loadFailed(`${message.reason}. ${message.hint}`);
        return;
      case 'translated': {
        this.crashesInARow = 0;
        this.options.onBatch?.(message.stats);
        const pending = this.pending.get(message.id);
        this.pending.delete(message.id);
        pending?.resolve(message.translations);
        return;
      }
      case 'alternatives': {
        const pending = this.pending.get(message.id);
        this.pending.delete(message.id);
        pending?.resolve(message.alternatives);
        return;
      }
      case 'generated': {
        this.crashesInARow = 0;
        this.options.onBatch?.(message.stats);
        const pending = this.pending.get(message.id);
        this.pending.delete(message.id);
        pending?.resolve(message.outputs);
        return;
      }
      case 'failed': {
        const pending = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (!pending) return;
        if (message.aborted) pending.reject(abortError());
        else pending.reject(new Error(`Translation failed in the model: ${message.message}`));
        return;
      }
    }
  }

  private onExit(child: ChildProcess, how: string): void {
    if (this.modelProcess !== child) return; // closed on purpose, or already replaced
    this.modelProcess = undefined;
    this.failPending(engineRestarted(`model process ${how}`));
    const loading = this.state.state === 'loading' || this.retrying;
    if (loading && ++this.crashesWhileLoading >= MAX_CRASHES_WHILE_LOADING) {
      this.loadFailed(
        `the translation model process stopped ${MAX_CRASHES_WHILE_LOADING} times while loading the model (${how}); see the server log`,
      );
      return;
    }
    if (this.retrying) {
      // A crash during a retry is retried as soon as a crash would be, still as an error meanwhile.
      this.spawnLater(this.options.restartDelayMs ?? 500);
      return;
    }
    const delay = Math.min(
      MAX_RESTART_DELAY_MS,
      (this.options.restartDelayMs ?? 500) * 2 ** this.crashesInARow,
    );
    this.crashesInARow++;
    this.options.log.error(`translation model process stopped (${how}); restarting in ${delay} ms`);
    this.state = { state: 'loading', model: this.modelName, detail: 'Restarting after a crash' };
    this.download = this.newDownload();
    this.resetReadiness();
    this.spawnLater(delay);
  }

  /**
   * The model cannot be had: say why, free the process's memory, and try again later. The state
   * stays `error` through the retry (requests fail fast) until the model is ready or downloading.
   */
  private loadFailed(detail: string): void {
    this.download.finish();
    this.crashesWhileLoading = 0; // the retry gets its own three tries
    const child = this.modelProcess;
    this.modelProcess = undefined;
    if (child) void stop(child);
    const delay = Math.min(
      MAX_LOAD_RETRY_DELAY_MS,
      (this.options.loadRetryDelayMs ?? DEFAULT_LOAD_RETRY_DELAY_MS) * 2 ** this.loadFailures,
    );
    this.loadFailures++;
    this.state = {
      state: 'error',
      model: this.modelName,
      detail,
      next_attempt_at: new Date(Date.now() + delay).toISOString(),
    };
    // The first failure is an error worth reading; the same failure again is only a reminder.
    const wait = `trying again in ${duration(delay)}`;
    if (this.loadFailures === 1) {
      this.options.log.error(`translation model ${this.options.model} is not available: ${detail} (${wait})`);
    } else {
      this.options.log.warn(
        `translation model ${this.options.model} is still not available: ${detail} (${wait})`,
      );
    }
    this.retrying = false;
    this.readiness.reject(modelUnavailable(detail));
    this.spawnLater(delay, () => {
      this.retrying = true;
      this.download = this.newDownload();
      this.resetReadiness();
    });
  }

  /** Starts a new model process after `delayMs` (after `prepare`), unless the engine closes first. */
  private spawnLater(delayMs: number, prepare?: () => void): void {
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      if (this.closed) return;
      prepare?.();
      this.spawn();
    }, delayMs);
  }

  /** A retry is getting somewhere (the hub answers): show it as loading, with progress. */
  private loadingAgain(): void {
    this.retrying = false;
    this.state = { state: 'loading', model: this.modelName, detail: 'Trying again to load the model' };
  }

  private failPending(error: Error): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const entry of pending) entry.reject(error);
  }

  private resetReadiness(): void {
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // Nobody may be waiting when it fails; that must not count as an unhandled rejection.
    promise.catch(() => {});
    this.readiness = { promise, resolve, reject };
  }

  private newDownload(): DownloadProgress {
    const output = this.options.progressOutput === undefined ? process.stderr : this.options.progressOutput;
    return new DownloadProgress(this.options.model, output);
  }
}

/** Asks the process to end, and kills it if it has not within a few seconds. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

function duration(ms: number): string {
  return ms >= 60_000 ? `${+(ms / 60_000).toFixed(1)} min` : `${+(ms / 1000).toFixed(1)} s`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
