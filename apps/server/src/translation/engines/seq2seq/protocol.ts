/** Messages between the built-in engine (server process) and its model process. */
import type { FamilyId } from '../families/model-family.ts';
import type { EngineFeatures } from './engine-files/engine-features.ts';
import type { ModelSource } from '../model-source.ts';
import type { DownloadEvent, TranslateStats } from './seq2seq-model.ts';

export interface ModelProcessSettings {
  source: ModelSource;
  dtype: string;
  threads: number;
  /** Beam width; 1 decodes greedily. */
  beams: number;
  /** The model cache (SEMA_MODEL_CACHE), where the engine keeps its copies of model files. */
  copyCache: string;
  /** Benchmarks only: forced output length per source token (see LoadOptions). */
  forceLengthRatio?: number;
  /** The setting that names the model, for the hint when it cannot be had (default the main model's). */
  setting?: string;
}

export type ToModelProcess =
  | { type: 'start'; settings: ModelProcessSettings }
  | { type: 'translate'; id: number; sentences: string[]; source: string; target: string }
  /** The n-best list of each sentence (up to `count`), for `alternatives`. */
  | { type: 'alternatives'; id: number; sentences: string[]; source: string; target: string; count: number }
  /** Token rows as the inference API takes them (`[source language, …, </s>]`), one target token. */
  | { type: 'generate'; id: number; rows: number[][]; targetToken: number }
  | { type: 'cancel'; id: number };

export type FromModelProcess =
  | ({ type: 'download' } & DownloadEvent)
  /** The model's family and languages, known from its small files while its weights still load. */
  | ({ type: 'identified' } & LoadedModel)
  | ({
      type: 'ready';
      seconds: number;
      vocabularySize: number;
      /** Which of the engine's speed-ups run, and why one is off. */
      features: EngineFeatures;
    } & LoadedModel)
  /** Sent every HEARTBEAT_MS while the process lives, busy or not: silence means it hangs. */
  | { type: 'heartbeat' }
  | { type: 'load-failed'; reason: string; hint: string }
  | { type: 'translated'; id: number; translations: string[]; stats: TranslateStats }
  | { type: 'alternatives'; id: number; alternatives: string[][] }
  | { type: 'generated'; id: number; outputs: number[][]; stats: TranslateStats }
  | { type: 'failed'; id: number; message: string; aborted: boolean };

/** What the loaded model turned out to be: its family and the catalogue languages it serves. */
export interface LoadedModel {
  family: FamilyId;
  languages: ServedLanguageCodes;
}

/** Catalogue codes a model reads (`sources`) and writes (`targets`). */
export interface ServedLanguageCodes {
  sources: string[];
  targets: string[];
}

/** How often the model process says it is alive. */
export const HEARTBEAT_MS = 1_000;
