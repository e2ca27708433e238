/**
 * The embedded engine: a translation model of any family it runs (NLLB-200, M2M-100, SMaLL-100,
 * OPUS-MT) through transformers.js and onnxruntime-node, in a model process of its own so the
 * server's event loop stays free (`SEMA_TRANSLATION_ENGINE=builtin`; `nllb`, the older name, too). That
 * process downloads the model on first start (progress in the terminal and in /status), is
 * restarted after a crash, and the engine reports why when the model cannot be had.
 *
 * A process rather than a worker thread: ONNX Runtime's native code takes the whole process down
 * when a thread is torn down mid-inference (tried here: two kills, two dead servers), and a native
 * crash or an out-of-memory kill would too. Across a process boundary the server survives all of it.
 *
 * A model that cannot be had is tried again later, less and less often (30 s, 1 min, 2 min … every
 * 15 min): a server started offline, or before its model folder was copied in, recovers by itself
 * once the cause is gone. Requests meanwhile fail at once with 503 and the reason.
 *
 * This file is the engine's face (the engine contract, over messages to the model process); the
 * rest is in seq2seq/, one job a file: `model-process-supervisor.ts` runs the process and restarts it
 * (the restart policy), `pending-requests.ts` keeps the work in flight, `model-state.ts` is the
 * status machine (with the download progress, `lib/download-progress.ts`), and the model process
 * itself is `model-process.ts` (`protocol.ts` the messages between them).
 */
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { resolveLanguage } from '@sema/shared/languages/catalogue';
import type { ProgressOutput } from '../../lib/download-progress.ts';
import { abortError, modelUnavailable, engineRestarted, pairNotServed } from '../errors.ts';
import { FAMILIES } from './families/detect.ts';
import { folderFingerprint, resolveModelSource } from './model-source.ts';
import { ModelProcessSupervisor } from './seq2seq/model-process-supervisor.ts';
import { ModelState } from './seq2seq/model-state.ts';
import type { TranslateStats } from './seq2seq/seq2seq-model.ts';
import { PendingRequests } from './seq2seq/pending-requests.ts';
import type { FromModelProcess, ToModelProcess } from './seq2seq/protocol.ts';
import type {
  EngineStatus,
  SentenceAlternatives,
  ServedLanguageCodes,
  TokenGenerator,
  TranslationEngine,
} from './types.ts';

export interface Seq2SeqEngineOptions {
  /** Hub id or local folder (`SEMA_TRANSLATION_MODEL`). */
  model: string;
  /** The setting that names it, for the hint when it cannot be had (`SEMA_PAIR_MODELS` for a pair model). */
  setting?: string;
  /** Where hub models are downloaded (`SEMA_MODEL_CACHE`). */
  modelCache: string;
  dtype: string;
  /** Another hub (a mirror, or a test server); defaults to huggingface.co. */
  hubUrl?: string;
  /** ONNX Runtime threads; defaults to the cores this process may use. */
  threads?: number;
  /** Beam width (`SEMA_TRANSLATION_BEAMS`); 1, the default, decodes greedily. */
  beams?: number;
  /** Benchmarks only: forced output length per source token (`Seq2SeqModel` LoadOptions). */
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

export class Seq2SeqEngine implements TranslationEngine, TokenGenerator {
  readonly name = 'builtin';
  readonly modelId: string;
  readonly maxConcurrentBatches = 1;
  private readonly license: string | undefined;
  /** Where the model comes from, for /status: its hub id, or `folder` and the folder's name (never a path). */
  private readonly sourceLabel: string;
  private readonly state: ModelState;
  private readonly pending = new PendingRequests();
  private readonly supervisor: ModelProcessSupervisor;
  private closed = false;

  constructor(private readonly options: Seq2SeqEngineOptions) {
    const source = resolveModelSource(options.model, {
      cacheDir: options.modelCache,
      hubUrl: options.hubUrl,
    });
    const beams = options.beams ?? 1;
    // Part of the translation cache's key: beam search translates differently from greedy.
    // Never a path: the id is shown on /status and shared with other servers through the cache.
    // Its `nllb:` prefix predates the other families; kept, so that cached translations stay valid.
    const model = source.kind === 'folder' ? folderFingerprint(source.path, options.dtype) : source.id;
    this.modelId = `nllb:${model}:${options.dtype}${beams > 1 ? `:beams${beams}` : ''}`;
    // A local folder is named by its last part: /status is public, the server's paths are not.
    // (A hub id is `org/name`; anything else that is not a folder is a folder that is missing.)
    const looksLikePath = (name: string) => /^[./~\\]/.test(name) || name.split('/').length > 2;
    const modelName =
      source.kind === 'folder'
        ? path.basename(source.path)
        : looksLikePath(source.id)
          ? path.basename(source.id)
          : source.id;
    const named = source.kind === 'folder' ? source.path : source.id;
    this.sourceLabel = source.kind === 'hub' ? source.id : `folder ${modelName}`;
    this.license = /nllb/i.test(named) ? NLLB_WEIGHTS_LICENSE : undefined;
    const progressOutput = options.progressOutput === undefined ? process.stderr : options.progressOutput;
    this.state = new ModelState(modelName, options.model, progressOutput);
    const settings = {
      source,
      dtype: options.dtype,
      threads: options.threads ?? os.availableParallelism(),
      beams,
      copyCache: options.modelCache,
      ...(options.forceLengthRatio !== undefined && { forceLengthRatio: options.forceLengthRatio }),
      ...(options.setting !== undefined && { setting: options.setting }),
    };
    this.supervisor = new ModelProcessSupervisor(
      settings,
      this.state,
      {
        label: options.model,
        log: options.log,
        restartDelayMs: options.restartDelayMs,
        loadRetryDelayMs: options.loadRetryDelayMs,
        hangTimeoutMs: options.hangTimeoutMs,
      },
      {
        onAnswer: (message) => this.onAnswer(message),
        onProcessLost: (how) => this.pending.failAll(engineRestarted(`model process ${how}`)),
        hasWork: () => this.pending.size > 0,
      },
    );
  }

  /** Starts the child, which loads (or downloads) the model in the background. */
  start(): this {
    this.supervisor.start();
    return this;
  }

  status(): EngineStatus {
    const loaded = this.state.loaded;
    const family = loaded && FAMILIES.find((candidate) => candidate.id === loaded.family);
    if (!loaded || !family) {
      return {
        ...this.state.status(),
        model_id: this.modelId,
        ...(this.license && { model_license: this.license }),
      };
    }
    return {
      ...this.state.status(),
      model_id: this.modelId,
      model_source: this.sourceLabel,
      model_family: family.id,
      model_family_name: family.name,
      model_license: family.licence.id,
      model_license_terms: family.licence.terms,
      model_license_url: family.licence.url,
      languages: new Set([...loaded.languages.sources, ...loaded.languages.targets]).size,
      ...(this.state.features && { engine_features: this.state.features }),
    };
  }

  /** The catalogue languages the model serves, once it has loaded; undefined before. */
  languages(): ServedLanguageCodes | undefined {
    return this.state.loaded?.languages;
  }

  whenReady(): Promise<void> {
    return this.state.whenReady();
  }

  async translate(
    sentences: readonly string[],
    source: string,
    target: string,
    signal?: AbortSignal,
  ): Promise<string[]> {
    if (sentences.length === 0) return [];
    return this.ask<string[]>(
      [source, target],
      (id) => ({ type: 'translate', id, sentences: [...sentences], source, target }),
      signal,
    );
  }

  readonly alternatives: SentenceAlternatives = async (sentences, source, target, count, signal) => {
    if (sentences.length === 0) return [];
    return this.ask<string[][]>(
      [source, target],
      (id) => ({ type: 'alternatives', id, sentences: [...sentences], source, target, count }),
      signal,
    );
  };

  /** The model's vocabulary size once it is ready (token ids run from 0 to one below it). */
  get vocabularySize(): number | undefined {
    return this.state.vocabularySize;
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
      undefined,
      (id) => ({ type: 'generate', id, rows: rows.map((row) => [...row]), targetToken }),
      signal,
    );
  }

  /**
   * The model process's id while one runs, for benchmarks and drills (to read its memory in
   * /proc, say); undefined between a crash and the restart.
   */
  get modelProcessId(): number | undefined {
    return this.supervisor.pid;
  }

  /** Kills the model process as a crash would (for tests and drills); it restarts as after one. */
  async killModelProcess(): Promise<void> {
    await this.supervisor.kill();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.pending.failAll(modelUnavailable('the server is shutting down'));
    await this.supervisor.close();
    this.state.close();
  }

  /**
   * Sends one piece of work to the model process and resolves with its answer; a pair the model
   * does not serve is refused here, once the model is ready, with the language named.
   */
  private async ask<T extends string[] | string[][] | number[][]>(
    pair: [source: string, target: string] | undefined,
    message: (id: number) => ToModelProcess,
    signal?: AbortSignal,
  ): Promise<T> {
    if (this.closed) throw modelUnavailable('the server is shutting down');
    await this.state.untilReady(signal);
    signal?.throwIfAborted();
    if (pair) this.refuseUnserved(...pair);
    if (!this.supervisor.running) {
      throw modelUnavailable('the translation model process is restarting', undefined, 2);
    }
    return this.pending.add<T>(
      (id) => this.supervisor.send(message(id)),
      (id) => this.supervisor.send({ type: 'cancel', id }),
      signal,
    );
  }

  private refuseUnserved(source: string, target: string): void {
    const loaded = this.state.loaded;
    if (!loaded) return;
    const name = FAMILIES.find((family) => family.id === loaded.family)?.name ?? loaded.family;
    const model = `This server's translation model (${name}, ${this.state.status().model ?? 'the main model'})`;
    const served = (codes: string[], code: string) => codes.includes(resolveLanguage(code)?.code ?? code);
    if (!served(loaded.languages.sources, source))
      throw pairNotServed(`${model} does not translate from '${source}'`);
    if (!served(loaded.languages.targets, target))
      throw pairNotServed(`${model} does not translate into '${target}'`);
  }

  private onAnswer(message: FromModelProcess): void {
    switch (message.type) {
      case 'translated':
        this.options.onBatch?.(message.stats);
        this.pending.resolve(message.id, message.translations);
        return;
      case 'alternatives':
        this.pending.resolve(message.id, message.alternatives);
        return;
      case 'generated':
        this.options.onBatch?.(message.stats);
        this.pending.resolve(message.id, message.outputs);
        return;
      case 'failed':
        this.pending.reject(
          message.id,
          message.aborted ? abortError() : new Error(`Translation failed in the model: ${message.message}`),
        );
        return;
    }
  }
}
