/**
 * Jobs in Redis (REDIS_URL), so that a document started through one node is polled and downloaded
 * through any other, and a finished result outlives its node. A job is a JSON string
 * (`sema:document-job:{id}`) and its result's bytes a key of their own (`…:body`); running jobs are
 * a sorted set scored by their last heartbeat (`sema:document-jobs:running`), which is how a job
 * whose node died is found, and claimed by one node only (ZREM answers 1 to one caller).
 */
import type { Redis } from 'ioredis';
import type { TranslatedDocument } from './document-translator.ts';
import { isFinished, type JobStore, type StoredJob } from './job-store.ts';

const KEY_PREFIX = 'sema:document-job:';
const RUNNING = 'sema:document-jobs:running';
/** Lost jobs claimed per sweep; the next sweep takes the rest. */
const CLAIM_BATCH = 20;

/** What Redis holds of a job: its result without the bytes. */
type SharedJob = Omit<StoredJob, 'result'> & {
  result?: Omit<TranslatedDocument, 'body'> & { bodyIsText: boolean };
};

export class RedisJobStore implements JobStore {
  readonly kind = 'redis';

  constructor(private readonly redis: Redis) {}

  async save(job: StoredJob, ttlMs: number): Promise<void> {
    const { result, ...rest } = job;
    const shared: SharedJob = rest;
    const pipeline = this.redis.pipeline();
    if (result) {
      const { body, ...meta } = result;
      shared.result = { ...meta, bodyIsText: typeof body === 'string' };
      pipeline.set(`${KEY_PREFIX}${job.id}:body`, Buffer.from(body), 'PX', ttlMs);
    }
    pipeline.set(`${KEY_PREFIX}${job.id}`, JSON.stringify(shared), 'PX', ttlMs);
    if (isFinished(job.state)) pipeline.zrem(RUNNING, job.id);
    else pipeline.zadd(RUNNING, job.updatedAt, job.id);
    failIfAny(await pipeline.exec());
  }

  async load(id: string): Promise<StoredJob | undefined> {
    const replies = await this.redis
      .pipeline()
      .get(`${KEY_PREFIX}${id}`)
      .getBuffer(`${KEY_PREFIX}${id}:body`)
      .exec();
    failIfAny(replies);
    const meta = (replies?.[0]?.[1] as string | null) ?? null;
    const body = (replies?.[1]?.[1] as Buffer | null) ?? null;
    if (!meta) return undefined;
    const { result, ...shared } = JSON.parse(meta) as SharedJob;
    const job: StoredJob = shared;
    if (result && body) {
      const { bodyIsText, ...rest } = result;
      job.result = { ...rest, body: bodyIsText ? body.toString('utf8') : new Uint8Array(body) };
    }
    return job;
  }

  async claimLost(before: number): Promise<StoredJob[]> {
    const ids = await this.redis.zrangebyscore(RUNNING, '-inf', `(${before}`, 'LIMIT', 0, CLAIM_BATCH);
    const claimed: StoredJob[] = [];
    for (const id of ids) {
      if ((await this.redis.zrem(RUNNING, id)) !== 1) continue; // another node took it
      const job = await this.load(id);
      if (job && !isFinished(job.state)) claimed.push(job);
    }
    return claimed;
  }
}

function failIfAny(replies: [Error | null, unknown][] | null): void {
  const failed = replies?.find(([error]) => error)?.[0];
  if (failed) throw failed;
}
