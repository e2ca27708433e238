/**
 * Document translations that outlive their request: started by one call, polled by others, and the
 * result downloaded later (DeepL's /v2/document; LibreTranslate's translate_file download link). A
 * job runs in the background with its own abort signal, keeps its result for a while, and holds a
 * secret key besides its id, so that knowing an id is not enough to read someone's document.
 *
 * A job runs in the process that took the upload. With Redis (REDIS_URL) its state, progress and
 * result are also written there, so that `find` on any node sees it: a document started through
 * one node is polled and downloaded through another, and a finished result outlives its node. A
 * running job's node writes a heartbeat; a job whose node stopped writing it reads as failed.
 * Without Redis, polls must reach the node that took the upload (sticky sessions).
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
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
  /** Shares jobs with the other nodes (REDIS_URL); without it jobs stay in this process. */
  redis?: Redis;
  /** How often a running job's node says it is still at work (in Redis). */
  heartbeatMs?: number;
}

/** A running job whose node has not said a word in this many heartbeats is taken for lost. */
const STALE_HEARTBEATS = 3;
const KEY_PREFIX = 'sema:document-job:';

/** What Redis holds of a job (its result's bytes are a key of their own). */
interface SharedJob {
  state: JobState;
  done: number;
  total: number;
  startedAt: number;
  /** When its node last wrote it. */
  updatedAt: number;
  /** SHA-256 of the job's key: Redis never holds the key itself. */
  keyHash: string;
  error?: string;
  failure?: { status: number; code: string; detail: string; headers: Record<string, string> };
  result?: Omit<TranslatedDocument, 'body'> & { bodyIsText: boolean };
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
  private readonly heartbeatMs: number;
  private readonly heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly options: DocumentJobsOptions) {
    this.keepMs = options.keepMs ?? 30 * 60_000;
    this.maxJobs = options.maxJobs ?? 64;
    this.maxRunning = options.maxRunning ?? 8;
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    if (options.redis) {
      this.heartbeat = setInterval(() => {
        for (const { job } of this.entries.values()) if (!isFinished(job.state)) this.share(job);
      }, this.heartbeatMs);
      this.heartbeat.unref();
    }
  }

  /**
   * Starts translating a prepared document; the job owns the task from here on and disposes it.
   * `onFailed` is told when the translation fails or is cancelled (to give back what it was charged).
   */
  start(
    task: DocumentTask,
    { glossary, onFailed }: { glossary?: Glossary; onFailed?: () => void } = {},
  ): DocumentJob {
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
    this.share(job);
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
          onFailed?.();
          if (!(error instanceof ApiError) && !controller.signal.aborted) {
            this.options.log.warn({ err: error, job: job.id }, 'document job failed');
          }
        },
      )
      .finally(() => {
        task.dispose();
        entry.expires = Date.now() + this.keepMs;
        this.share(job);
      });
    return job;
  }

  /** The job, if it exists and `key` is its key (a wrong key looks the same as no job). */
  get(id: string, key: string): DocumentJob | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.expires < Date.now()) return undefined;
    return sameSecret(entry.job.key, key) ? entry.job : undefined;
  }

  /**
   * The job from any node: this process's own, or (with Redis) what its node wrote there, as a
   * snapshot that cannot be cancelled from here. Undefined when there is no such job, its key is
   * wrong, or it expired. Throws a 503 when Redis does not answer.
   */
  async find(id: string, key: string): Promise<DocumentJob | undefined> {
    if (this.entries.has(id) || !this.options.redis) return this.get(id, key);
    let meta: string | null;
    let body: Buffer | null;
    try {
      const replies = await this.options.redis
        .pipeline()
        .get(`${KEY_PREFIX}${id}`)
        .getBuffer(`${KEY_PREFIX}${id}:body`)
        .exec();
      meta = (replies?.[0]?.[1] as string | null) ?? null;
      body = (replies?.[1]?.[1] as Buffer | null) ?? null;
      const failed = replies?.find(([error]) => error)?.[0];
      if (failed) throw failed;
    } catch (error) {
      this.options.log.warn({ err: error }, 'document jobs: Redis did not answer');
      throw new ApiError(503, 'UPSTREAM_ERROR', 'The document store did not answer; try again shortly', {
        'Retry-After': '2',
      });
    }
    if (!meta) return undefined;
    const shared = JSON.parse(meta) as SharedJob;
    if (!sameSecret(shared.keyHash, hashKey(key))) return undefined;
    return this.snapshot(id, key, shared, body);
  }

  /** Seconds until a running job is likely done, from its pace so far. */
  secondsRemaining(job: DocumentJob): number | undefined {
    if (isFinished(job.state) || job.done === 0) return undefined;
    const elapsed = (Date.now() - job.startedAt) / 1000;
    return Math.max(1, Math.round((elapsed / job.done) * (job.total - job.done)));
  }

  /** Stops every running job (the server is closing). */
  close(): void {
    clearInterval(this.heartbeat);
    for (const { job } of this.entries.values()) job.cancel();
  }

  /** Writes the job to Redis (its result too once done); a failure only costs other nodes the view. */
  private share(job: DocumentJob): void {
    const redis = this.options.redis;
    if (!redis) return;
    const finished = isFinished(job.state);
    // A running job lives as long as its heartbeat says; a finished one as long as it is kept here.
    const ttl = finished ? this.keepMs : this.heartbeatMs * STALE_HEARTBEATS * 4;
    const shared: SharedJob = {
      state: job.state,
      done: job.done,
      total: job.total,
      startedAt: job.startedAt,
      updatedAt: Date.now(),
      keyHash: hashKey(job.key),
      ...(job.error === undefined ? {} : { error: job.error }),
      ...(job.failure && {
        failure: {
          status: job.failure.statusCode,
          code: job.failure.code,
          detail: job.failure.detail,
          headers: job.failure.headers,
        },
      }),
    };
    const pipeline = redis.pipeline();
    if (job.result) {
      const { body, ...rest } = job.result;
      shared.result = { ...rest, bodyIsText: typeof body === 'string' };
      pipeline.set(`${KEY_PREFIX}${job.id}:body`, Buffer.from(body), 'PX', ttl);
    }
    pipeline.set(`${KEY_PREFIX}${job.id}`, JSON.stringify(shared), 'PX', ttl);
    pipeline
      .exec()
      .then((replies) => {
        const failed = replies?.find(([error]) => error)?.[0];
        if (failed) throw failed;
      })
      .catch((error: unknown) =>
        this.options.log.warn({ err: error, job: job.id }, 'document jobs: could not write a job to Redis'),
      );
  }

  /** A job another node runs or ran, as it wrote it; a running one it stopped writing has failed. */
  private snapshot(id: string, key: string, shared: SharedJob, body: Buffer | null): DocumentJob {
    const lost =
      !isFinished(shared.state) && Date.now() - shared.updatedAt > this.heartbeatMs * STALE_HEARTBEATS;
    const job: DocumentJob = {
      id,
      key,
      state: lost ? 'error' : shared.state,
      done: shared.done,
      total: shared.total,
      startedAt: shared.startedAt,
      finished: Promise.resolve(),
      cancel: () => {},
    };
    if (lost) job.error = 'The server translating this document stopped; upload it again';
    else if (shared.error !== undefined) job.error = shared.error;
    if (shared.failure) {
      const { status, code, detail, headers } = shared.failure;
      job.failure = new ApiError(status, code, detail, headers);
    }
    if (shared.result && body && !lost) {
      const { bodyIsText, ...rest } = shared.result;
      job.result = { ...rest, body: bodyIsText ? body.toString('utf8') : new Uint8Array(body) };
    }
    return job;
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

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

const isFinished = (state: JobState) => state === 'done' || state === 'error';

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
