/**
 * Document translations that outlive their request: started by one call, polled by others, and the
 * result downloaded later (DeepL's /v2/document; LibreTranslate's translate_file download link). A
 * job runs in the background with its own abort signal, keeps its result for a while, and holds a
 * secret key besides its id, so that knowing an id is not enough to read someone's document.
 *
 * Jobs live in this process: behind a balancer, polls must reach the node that took the upload
 * (sticky sessions) until jobs move to Redis with the rest of the shared state.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../lib/errors.ts';
import type { Glossary } from '../translation/protected-spans.ts';
import type { DocumentTask, TranslatedDocument } from './document-translator.ts';

export type JobState = 'queued' | 'translating' | 'done' | 'error';

export interface DocumentJob {
  id: string;
  /** Secret: every later call about the job must carry it. */
  key: string;
  state: JobState;
  /** Characters translated so far, and in all. */
  done: number;
  total: number;
  startedAt: number;
  result?: TranslatedDocument;
  /** For people: why it failed. */
  error?: string;
  /** The refusal it failed with, when it was one (model unavailable, overloaded …), to answer with. */
  failure?: ApiError;
  /** Settles when the job has finished, either way (never rejects). */
  finished: Promise<void>;
  /** Stops a running job (its state becomes `error`). */
  cancel(): void;
}

export interface DocumentJobsOptions {
  /** How long a finished job and its result are kept. */
  keepMs?: number;
  /** Most jobs kept at once, running and finished; the oldest finished ones make room. */
  maxJobs?: number;
  /** Most jobs translating at once. */
  maxRunning?: number;
  log: { warn(details: object, message: string): void };
}

interface Entry {
  job: DocumentJob;
  /** When a finished job is forgotten. */
  expires: number;
}

export class DocumentJobs {
  private readonly entries = new Map<string, Entry>();
  private readonly keepMs: number;
  private readonly maxJobs: number;
  private readonly maxRunning: number;

  constructor(private readonly options: DocumentJobsOptions) {
    this.keepMs = options.keepMs ?? 30 * 60_000;
    this.maxJobs = options.maxJobs ?? 64;
    this.maxRunning = options.maxRunning ?? 8;
  }

  /** Starts translating a prepared document; the job owns the task from here on and disposes it. */
  start(task: DocumentTask, glossary?: Glossary): DocumentJob {
    this.makeRoom();
    const running = [...this.entries.values()].filter(({ job }) => !isFinished(job.state)).length;
    if (running >= this.maxRunning || this.entries.size >= this.maxJobs) {
      task.dispose();
      throw new ApiError(
        429,
        'TOO_MANY_CONCURRENT',
        'Too many documents are being translated; try again shortly',
        {
          'Retry-After': '10',
        },
      );
    }
    const controller = new AbortController();
    const job: DocumentJob = {
      id: randomUUID(),
      key: randomBytes(24).toString('base64url'),
      state: 'queued',
      done: 0,
      total: task.prepared.characters,
      startedAt: Date.now(),
      finished: Promise.resolve(),
      cancel: () => controller.abort(new Error('The translation was cancelled')),
    };
    const entry: Entry = { job, expires: Number.POSITIVE_INFINITY };
    this.entries.set(job.id, entry);
    job.finished = task
      .run({
        signal: controller.signal,
        glossary,
        onProgress: ({ done, total }) => {
          job.state = 'translating';
          job.done = done;
          job.total = total;
        },
      })
      .then(
        (result) => {
          job.result = result;
          job.state = 'done';
        },
        (error: unknown) => {
          job.state = 'error';
          job.error = error instanceof ApiError ? error.detail : 'The document could not be translated';
          if (error instanceof ApiError) job.failure = error;
          if (!(error instanceof ApiError) && !controller.signal.aborted) {
            this.options.log.warn({ err: error, job: job.id }, 'document job failed');
          }
        },
      )
      .finally(() => {
        task.dispose();
        entry.expires = Date.now() + this.keepMs;
      });
    return job;
  }

  /** The job, if it exists and `key` is its key (a wrong key looks the same as no job). */
  get(id: string, key: string): DocumentJob | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.expires < Date.now()) return undefined;
    return sameSecret(entry.job.key, key) ? entry.job : undefined;
  }

  /** Seconds until a running job is likely done, from its pace so far. */
  secondsRemaining(job: DocumentJob): number | undefined {
    if (isFinished(job.state) || job.done === 0) return undefined;
    const elapsed = (Date.now() - job.startedAt) / 1000;
    return Math.max(1, Math.round((elapsed / job.done) * (job.total - job.done)));
  }

  /** Stops every running job (the server is closing). */
  close(): void {
    for (const { job } of this.entries.values()) job.cancel();
  }

  private makeRoom(): void {
    const now = Date.now();
    for (const [id, entry] of this.entries) if (entry.expires < now) this.entries.delete(id);
    // Full of finished jobs: the oldest results go first.
    for (const [id, entry] of this.entries) {
      if (this.entries.size < this.maxJobs) break;
      if (isFinished(entry.job.state)) this.entries.delete(id);
    }
  }
}

const isFinished = (state: JobState) => state === 'done' || state === 'error';

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
