/**
 * Where document jobs are kept from their start to their download: state, progress, result, and
 * what each was charged. Two stores, as glossaries have: this process's memory (one node), or Redis
 * (REDIS_URL: every node sees every job, and a finished result outlives the node that made it).
 */
import type { MeterCharge } from '../lib/meter.ts';
import type { TranslatedDocument } from './document-translator.ts';

export type JobState = 'queued' | 'translating' | 'done' | 'error';

export const isFinished = (state: JobState) => state === 'done' || state === 'error';

/** What a job was charged against an API key (its meter handed it over), to give back if it fails (on any node). */
export type JobCharge = MeterCharge;

/** A refusal a job failed with (model unavailable, overloaded …), to answer polls with. */
export interface JobFailure {
  status: number;
  code: string;
  detail: string;
  headers: Record<string, string>;
}

/** A job as a store keeps it. */
export interface StoredJob {
  id: string;
  /** SHA-256 of the job's secret key: a store never holds the key itself. */
  keyHash: string;
  state: JobState;
  /** Characters translated so far, and in all. */
  done: number;
  total: number;
  startedAt: number;
  /** When its node last wrote it: the heartbeat of a running job. */
  updatedAt: number;
  /** For people: why it failed. */
  error?: string;
  failure?: JobFailure;
  result?: TranslatedDocument;
  charge?: JobCharge;
}

export interface JobStore {
  /** `memory` or `redis`, for logs and /status. */
  readonly kind: string;
  /**
   * Writes the job (its result too, once it has one), kept for `ttlMs`. A running job is listed as
   * running, with `updatedAt` as its heartbeat; a finished one is taken off that list.
   */
  save(job: StoredJob, ttlMs: number): Promise<void>;
  /** The job, or undefined when there is none (or it expired). Throws when the store does not answer. */
  load(id: string): Promise<StoredJob | undefined>;
  /**
   * Running jobs whose node has not written them since `before` (its process died), each taken off
   * the running list for exactly one caller — the one that then marks it failed and refunds it.
   */
  claimLost(before: number): Promise<StoredJob[]>;
}
