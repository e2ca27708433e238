/**
 * The built-in engine's status machine: what /status says about the model and what a request waiting
 * for it is told.
 *
 *   loading ──ready──▶ ready ──crash──▶ loading ("Restarting after a crash") ──▶ …
 *      │                                   │
 *      └────────── load failed ───────────┴──▶ error (why, next_attempt_at)
 *                                                 │ retry starts: still error (requests fail fast)
 *                                                 │ until the hub answers (download: loading,
 *                                                 ▼ with progress) or the model is ready
 *
 * While loading, `progress` is the download's; each load has its own readiness promise, which a
 * failed load rejects. When to restart or retry is decided by the supervisor
 * (`model-process-supervisor.ts`); this only records what happened.
 */
import { DownloadProgress, type ProgressOutput } from '../../../lib/download-progress.ts';
import { abortable, isAbortError, modelUnavailable } from '../../errors.ts';
import type { EngineStatus } from '../types.ts';
import type { EngineFeatures } from './engine-files/engine-features.ts';
import type { LoadedModel } from './protocol.ts';

interface Readiness {
  promise: Promise<void>;
  resolve(): void;
  reject(error: Error): void;
}

export class ModelState {
  private current: EngineStatus;
  private download: DownloadProgress;
  private readiness!: Readiness;
  /** Set while a load is retried after a failure: it stays an error until the model is ready. */
  private retrying = false;
  private readyVocabularySize = 0;
  private lastLoaded: LoadedModel | undefined;
  private lastFeatures: EngineFeatures | undefined;

  /**
   * `model`: the name /status shows; `label`: the model as configured, for the progress bar;
   * `output`: where the download progress bar goes (null for none).
   */
  constructor(
    private readonly model: string,
    private readonly label: string,
    private readonly output: ProgressOutput | null,
  ) {
    this.current = { state: 'loading', model };
    this.download = this.newDownload();
    this.resetReadiness();
  }

  /** The state for /status, with the download's progress while loading. */
  status(): EngineStatus {
    const progress = this.current.state === 'loading' ? this.download.fraction() : undefined;
    return progress === undefined ? { ...this.current } : { ...this.current, progress: round(progress) };
  }

  get state(): EngineStatus['state'] {
    return this.current.state;
  }

  /** Whether a load is under way: the first one, one after a crash, or a retry after a failure. */
  get loadUnderWay(): boolean {
    return this.current.state === 'loading' || this.retrying;
  }

  /** Whether the current load is a retry after a failed one (still shown as the error). */
  get isRetry(): boolean {
    return this.retrying;
  }

  /**
   * What the model is: known from its small files before its weights load (so the language lists
   * tell the truth while it downloads), kept through a restart (the same files load again);
   * undefined until its tokenizer has been read once.
   */
  get loaded(): LoadedModel | undefined {
    return this.lastLoaded;
  }

  /** Which of the engine's speed-ups the model last loaded with (kept through a restart). */
  get features(): EngineFeatures | undefined {
    return this.lastFeatures;
  }

  /** The model's vocabulary size while it is ready. */
  get vocabularySize(): number | undefined {
    return this.current.state === 'ready' ? this.readyVocabularySize : undefined;
  }

  /** Resolves once the current load succeeds; rejects if it fails. */
  whenReady(): Promise<void> {
    return this.readiness.promise;
  }

  /**
   * Resolves when the model is ready (at once if it is); rejects at once with 503 and the reason
   * while it is in error, and with an AbortError when `signal` aborts first.
   */
  async untilReady(signal?: AbortSignal): Promise<void> {
    if (this.current.state === 'error') throw this.unavailable();
    if (this.current.state === 'ready') return;
    try {
      await abortable(this.readiness.promise, signal);
    } catch (error) {
      throw isAbortError(error) ? error : this.unavailable();
    }
  }

  /** Bytes of a model file arrived. A retry that reaches the hub again is a load in progress. */
  downloading(file: string, loaded: number, total: number): void {
    if (this.retrying) {
      this.retrying = false;
      this.current = { state: 'loading', model: this.model, detail: 'Trying again to load the model' };
    }
    this.download.update(file, loaded, total);
  }

  /** The model's family and languages, read while its weights still load. */
  identified(model: LoadedModel): void {
    this.lastLoaded = model;
  }

  ready(vocabularySize: number, loaded?: LoadedModel, features?: EngineFeatures): void {
    this.readyVocabularySize = vocabularySize;
    if (loaded) this.lastLoaded = loaded;
    if (features) this.lastFeatures = features;
    this.retrying = false;
    this.download.finish();
    this.current = { state: 'ready', model: this.model };
    this.readiness.resolve();
  }

  /** The model process crashed and a new one will load the model again. */
  restarting(): void {
    this.current = { state: 'loading', model: this.model, detail: 'Restarting after a crash' };
    this.download = this.newDownload();
    this.resetReadiness();
  }

  /** The model cannot be had: in error with the reason until the retry at `nextAttempt`. */
  failed(detail: string, nextAttempt: Date): void {
    this.download.finish();
    this.current = {
      state: 'error',
      model: this.model,
      detail,
      next_attempt_at: nextAttempt.toISOString(),
    };
    this.retrying = false;
    this.readiness.reject(modelUnavailable(detail));
  }

  /** A retry after a failed load begins (the state stays the error until it gets somewhere). */
  retryStarted(): void {
    this.retrying = true;
    this.download = this.newDownload();
    this.resetReadiness();
  }

  /** Ends the progress bar's line. */
  close(): void {
    this.download.finish();
  }

  private unavailable() {
    return modelUnavailable(this.current.detail ?? 'the model failed to load');
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
    return new DownloadProgress(this.label, this.output);
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
