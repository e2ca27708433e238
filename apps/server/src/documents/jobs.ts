/**
 * Document translations that outlive their request: started by one call, polled by others, and the
 * result downloaded later (DeepL's /v2/document; LibreTranslate's translate_file download link). A
 * job runs in the background in the process that took the upload, with its own abort signal, keeps
 * its result for a while, and holds a secret key besides its id, so that knowing an id is not
 * enough to read someone's document.
 *
 * Jobs are written to a `JobStore`: this process's memory, or Redis, where `find` on any node sees
 * them (a document started through one node is polled and downloaded through another). A running
 * job's node writes a heartbeat; a job whose node stopped writing it (the process died) is claimed
 * by one of the other nodes, marked failed and its characters refunded — it never stays
 * "translating".
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../lib/errors.ts';
import type { Glossary } from '../translation/protected-spans.ts';
import type { DocumentTask, TranslatedDocument } from './document-translator.ts';
import { isFinished, type JobCharge, type JobState, type JobStore, type StoredJob } from './job-store.ts';

export type { JobState } from './job-store.ts';

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
  /** Settles when the job has finished, either way, and was written to the store (never rejects). */
  finished: Promise<void>;
  /** Stops a running job (its state becomes `error`); a no-op on another node's job. */
  cancel(reason?: ApiError): void;
}

export interface DocumentJobsOptions {
  store: JobStore;
  /** Gives back what a failed job was charged (any node's job, when it claims a lost one). */
  refund: (charge: JobCharge) => Promise<void>;
  log: { warn(details: object, message: string): void };
  /** How long a finished job and its result are kept. */
  keepMs?: number;
  /** Most jobs translating at once in this process. */
  maxRunning?: number;
  /** How often a running job's node says it is still at work, and looks for lost jobs. */
  heartbeatMs?: number;
}

/** A running job whose node has not said a word in this many heartbeats is taken for lost. */
const STALE_HEARTBEATS = 3;
const LOST_MESSAGE = 'The server translating this document stopped; upload it again';

interface Running {
  job: DocumentJob;
  charge: JobCharge | undefined;
}

export class DocumentJobs {
  private readonly running = new Map<string, Running>();
  private readonly keepMs: number;
  private readonly maxRunning: number;
  private readonly heartbeatMs: number;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly options: DocumentJobsOptions) {
    this.keepMs = options.keepMs ?? 30 * 60_000;
    this.maxRunning = options.maxRunning ?? 8;
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Throws 429 when this process runs as many jobs as it may (before anything is charged). */
  checkRoom(): void {
    if (this.running.size < this.maxRunning) return;
    throw new ApiError(
      429,
      'TOO_MANY_CONCURRENT',
      'Too many documents are being translated; try again shortly',
      {
        'Retry-After': '10',
      },
    );
  }

  /**
   * Starts translating a prepared document; the job owns the task from here on and disposes it.
   * `charge` is what the request paid: given back if the translation fails or is cancelled.
   */
  start(
    task: DocumentTask,
    { glossary, charge }: { glossary?: Glossary; charge?: JobCharge } = {},
  ): DocumentJob {
    try {
      this.checkRoom();
    } catch (error) {
      task.dispose();
      throw error;
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
      cancel: (reason) => controller.abort(reason ?? new Error('The translation was cancelled')),
    };
    this.running.set(job.id, { job, charge });
    void this.write(job, charge);
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
        async (error: unknown) => {
          const reason = controller.signal.aborted ? controller.signal.reason : error;
          job.state = 'error';
          job.error = reason instanceof ApiError ? reason.detail : 'The document could not be translated';
          if (reason instanceof ApiError) job.failure = reason;
          if (!(reason instanceof ApiError) && !controller.signal.aborted) {
            this.options.log.warn({ err: error, job: job.id }, 'document job failed');
          }
          // Only what is delivered counts.
          if (charge) await this.refund(charge, job.id);
        },
      )
      .finally(async () => {
        task.dispose();
        // Written before it leaves the running list, so a poll never reads an older state.
        await this.write(job, charge);
        this.running.delete(job.id);
      });
    return job;
  }

  /**
   * The job from any node: this process's running one, or what the store holds (a snapshot that
   * cannot be cancelled from here). Undefined when there is no such job, its key is wrong, or it
   * expired. A running job whose node stopped is claimed here and reads as failed. Throws a 503
   * when the store does not answer.
   */
  async find(id: string, key: string): Promise<DocumentJob | undefined> {
    const own = this.running.get(id)?.job;
    if (own) return sameSecret(own.key, key) ? own : undefined;
    let stored = await this.load(id);
    if (!stored || !sameSecret(stored.keyHash, hashKey(key))) return undefined;
    if (!isFinished(stored.state) && stored.updatedAt < this.staleBefore()) {
      await this.claimLost();
      stored = (await this.load(id)) ?? stored;
    }
    return snapshot(stored, key);
  }

  /** Seconds until a running job is likely done, from its pace so far. */
  secondsRemaining(job: DocumentJob): number | undefined {
    if (isFinished(job.state) || job.done === 0) return undefined;
    const elapsed = (Date.now() - job.startedAt) / 1000;
    return Math.max(1, Math.round((elapsed / job.done) * (job.total - job.done)));
  }

  /**
   * Stops every running job (the server is closing): each fails with `reason`, is refunded and
   * written to the store, so that a poll through another node reads it as failed at once.
   */
  async close(reason?: ApiError): Promise<void> {
    clearInterval(this.heartbeat);
    const jobs = [...this.running.values()].map(({ job }) => job);
    for (const job of jobs) job.cancel(reason);
    await Promise.all(jobs.map((job) => job.finished));
  }

  /** Each heartbeat: this process's running jobs say they are alive; lost ones are claimed. */
  private async beat(): Promise<void> {
    for (const { job, charge } of this.running.values()) void this.write(job, charge);
    await this.claimLost();
  }

  /** Jobs whose node died: marked failed (kept like any finished job) and refunded, once. */
  private async claimLost(): Promise<void> {
    let lost: StoredJob[];
    try {
      lost = await this.options.store.claimLost(this.staleBefore());
    } catch (error) {
      this.options.log.warn({ err: error }, 'document jobs: could not look for lost jobs');
      return;
    }
    for (const job of lost) {
      const own = this.running.get(job.id);
      if (own) {
        // Ours, only late with its heartbeat (a long pause): still running, so it stays listed.
        void this.write(own.job, own.charge);
        continue;
      }
      const failed: StoredJob = { ...job, state: 'error', error: LOST_MESSAGE, updatedAt: Date.now() };
      delete failed.charge;
      await this.save(failed, this.keepMs);
      if (job.charge) await this.refund(job.charge, job.id);
    }
  }

  private staleBefore(): number {
    return Date.now() - this.heartbeatMs * STALE_HEARTBEATS;
  }

  /** Writes a job of this process; a running one lives in the store as long as its heartbeat says. */
  private write(job: DocumentJob, charge: JobCharge | undefined): Promise<void> {
    const finished = isFinished(job.state);
    const stored: StoredJob = {
      id: job.id,
      keyHash: hashKey(job.key),
      state: job.state,
      done: job.done,
      total: job.total,
      startedAt: job.startedAt,
      updatedAt: Date.now(),
      ...(job.error === undefined ? {} : { error: job.error }),
      ...(job.failure && {
        failure: {
          status: job.failure.statusCode,
          code: job.failure.code,
          detail: job.failure.detail,
          headers: job.failure.headers,
        },
      }),
      ...(job.result ? { result: job.result } : {}),
      // Kept while it runs, so that whichever node finds it lost can refund it.
      ...(charge && !finished ? { charge } : {}),
    };
    return this.save(stored, finished ? this.keepMs : this.heartbeatMs * STALE_HEARTBEATS * 4);
  }

  /** A failed write only costs other nodes the view of this job. */
  private async save(job: StoredJob, ttlMs: number): Promise<void> {
    try {
      await this.options.store.save(job, ttlMs);
    } catch (error) {
      this.options.log.warn({ err: error, job: job.id }, 'document jobs: could not write a job to the store');
    }
  }

  private async load(id: string): Promise<StoredJob | undefined> {
    try {
      return await this.options.store.load(id);
    } catch (error) {
      this.options.log.warn({ err: error }, 'document jobs: the store did not answer');
      throw new ApiError(503, 'UPSTREAM_ERROR', 'The document store did not answer; try again shortly', {
        'Retry-After': '2',
      });
    }
  }

  private async refund(charge: JobCharge, id: string): Promise<void> {
    try {
      await this.options.refund(charge);
    } catch (error) {
      this.options.log.warn({ err: error, job: id }, 'document jobs: could not refund a failed job');
    }
  }
}

/** A stored job as routes read it. */
function snapshot(stored: StoredJob, key: string): DocumentJob {
  const job: DocumentJob = {
    id: stored.id,
    key,
    state: stored.state,
    done: stored.done,
    total: stored.total,
    startedAt: stored.startedAt,
    finished: Promise.resolve(),
    cancel: () => {},
  };
  if (stored.error !== undefined) job.error = stored.error;
  if (stored.failure) {
    const { status, code, detail, headers } = stored.failure;
    job.failure = new ApiError(status, code, detail, headers);
  }
  if (stored.result) job.result = stored.result;
  return job;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
