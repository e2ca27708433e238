import type { EngineStatus, ModelStatus } from '@sema/shared/api/schemas';

export type { EngineStatus, ModelStatus };

/**
 * Translates `sentences` (already split, never blank) from `source` to `target` (catalogue codes,
 * e.g. `cmn_Hans`) and resolves with one translation per sentence, in order: what an engine does,
 * and what the endpoints of the pooled engines do for them.
 */
export type TranslateSentences = (
  sentences: readonly string[],
  source: string,
  target: string,
  signal?: AbortSignal,
) => Promise<string[]>;

/**
 * Up to `count` different translations of each sentence, best first (an n-best list from beam
 * search), for the same sentences and codes as `TranslateSentences`.
 */
export type SentenceAlternatives = (
  sentences: readonly string[],
  source: string,
  target: string,
  count: number,
  signal?: AbortSignal,
) => Promise<string[][]>;

/**
 * What every translation engine does. The pipeline around it (splitting, batching, caching,
 * queueing) is shared, so an engine only ever sees whole sentences of one language pair.
 */
export interface TranslationEngine {
  /** Short name used in logs and metrics, e.g. `nllb` or `remote`. */
  readonly name: string;
  /**
   * Identifies the model behind the engine. Part of every cache key, so two engines with different
   * models never share cached translations.
   */
  readonly modelId: string;
  /**
   * How many `translate` calls the engine can usefully run at once. The batcher never has more in
   * flight, so that waiting sentences pile up into the next (larger) batch instead of queueing
   * inside the engine. A single local model runs one batch at a time; a remote one can take more.
   */
  readonly maxConcurrentBatches: number;
  /**
   * Translates `sentences` (already split, never blank) from `source` to `target` (catalogue codes,
   * e.g. `cmn_Hans`; the engine maps them to its model's tokens) and resolves with one translation
   * per sentence, in order. Rejects with an `AbortError` once `signal` aborts, and with an
   * `ApiError` (usually 503) when the engine cannot serve.
   */
  translate: TranslateSentences;
  /** The n-best lists behind `alternatives`; engines without them leave it out. */
  alternatives?: SentenceAlternatives;
  /**
   * The engine's state for /status: `loading` (with `progress` 0..1 while downloading), `ready`,
   * or `error` (with the reason in `detail`). `model` names the model.
   */
  status(): EngineStatus;
  /** Resolves once the engine is ready; rejects if its current attempt to load failed. */
  whenReady(): Promise<void>;
  /** Stops the engine and frees its memory; pending calls fail with 503. */
  close(): Promise<void>;
  /**
   * The catalogue languages the engine's model reads and writes, once known (the built-in engine's
   * model may be of a family with fewer languages than the catalogue); undefined means every
   * catalogue language. The language lists show exactly these.
   */
  languages?(): ServedLanguageCodes | undefined;
  /**
   * The model that translates this pair, for the cache key, when the engine routes pairs to
   * different models (`routed-engine.ts`); `modelId` otherwise.
   */
  modelFor?(source: string, target: string): string;
}

/** Catalogue codes an engine translates from (`sources`) and into (`targets`). */
export interface ServedLanguageCodes {
  readonly sources: readonly string[];
  readonly targets: readonly string[];
  /**
   * The targets each source reaches, when not every source reaches every target (a server with
   * pair models: the pair model adds its pair only); absent when they all do.
   */
  readonly targetsOf?: ReadonlyMap<string, readonly string[]>;
}

/**
 * An engine that also generates from token ids the caller tokenized (the built-in model), so that
 * the server can serve the Open Inference Protocol from it.
 */
export interface TokenGenerator {
  /** The model's vocabulary size once it is ready: every valid id is below it. */
  readonly vocabularySize: number | undefined;
  /** How many `generate` calls can usefully run at once (as `maxConcurrentBatches`). */
  readonly maxConcurrentBatches: number;
  /**
   * Generates from rows `[source language, …tokens, </s>]` towards `targetToken` and resolves with
   * each row's generated tokens, without the language and end tokens. Rejects like `translate`.
   */
  generate(
    rows: readonly (readonly number[])[],
    targetToken: number,
    signal?: AbortSignal,
  ): Promise<number[][]>;
  status(): EngineStatus;
}

/** Whether `engine` can also generate from token ids. */
export function canGenerate(engine: TranslationEngine): engine is TranslationEngine & TokenGenerator {
  return typeof (engine as Partial<TokenGenerator>).generate === 'function';
}
