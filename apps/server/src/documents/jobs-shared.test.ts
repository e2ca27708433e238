import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { REDIS_SERVER } from '@sema/testkit/redis';
import { redisForSuite } from '../../test/redis-suite.ts';
import { waitFor } from '@sema/testkit/wait-for';
import { ApiError } from '../lib/errors.ts';
import type { DocumentTask, TranslatedDocument } from './document-translator.ts';
import type { JobCharge } from './job-store.ts';
import { DocumentJobs } from './jobs.ts';
import { MemoryJobStore } from './memory-job-store.ts';
import { RedisJobStore } from './redis-job-store.ts';

const quiet = { warn: () => {} };
/** What `jobs` reads of a job once `ready` holds for it (heartbeats and writes reach Redis a little later). */
async function seenOnceThat(
  jobs: DocumentJobs,
  job: { id: string; key: string },
  ready: (seen: Awaited<ReturnType<DocumentJobs['find']>>) => boolean,
  what: string,
) {
  let seen: Awaited<ReturnType<DocumentJobs['find']>>;
  await waitFor(async () => ready((seen = await jobs.find(job.id, job.key))), { what });
  return seen;
}
/** Commands fail at once until a client is connected (no offline queue, as the server runs it). */
const connected = (...clients: Redis[]) =>
  Promise.all(
    clients.map((client) =>
      client.status === 'ready' ? undefined : new Promise((resolve) => client.once('ready', resolve)),
    ),
  );

/** A document task that reports progress at once and finishes when told to (or fails when aborted). */
function task(body: string | Uint8Array) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const finished = new Promise<void>((resolve, reject) => ((finish = resolve), (fail = reject)));
  const result: TranslatedDocument = {
    fileName: 'report.fr.txt',
    format: 'txt',
    mimeType: 'text/plain; charset=utf-8',
    body,
    source: 'eng_Latn',
    target: 'fra_Latn',
    characters: 42,
    preview: 'Bonjour',
    truncated: false,
  } as TranslatedDocument;
  const value = {
    prepared: { characters: 42 },
    source: 'eng_Latn',
    target: 'fra_Latn',
    async run({
      signal,
      onProgress,
    }: {
      signal: AbortSignal;
      onProgress?: (progress: { done: number; total: number }) => void;
    }) {
      onProgress?.({ done: 10, total: 42 });
      const aborted = new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
      );
      await Promise.race([finished, aborted]);
      return result;
    },
    dispose: () => {},
  } as unknown as DocumentTask;
  return { task: value, finish, fail };
}

const charge = (keyId: string): JobCharge => ({ keyId, chars: 42, month: '2026-11' });

/** Jobs on the in-process store, with the key ids of what they refund. */
function jobsInMemory() {
  const refunds: string[] = [];
  const jobs = new DocumentJobs({
    store: new MemoryJobStore(),
    refund: async ({ keyId }) => void refunds.push(keyId),
    log: quiet,
  });
  return { jobs, refunds };
}

describe('document jobs in one process', () => {
  it('refunds what a job was charged when its translation fails, and only then', async () => {
    const { jobs, refunds } = jobsInMemory();
    const good = task('Bonjour.');
    const done = jobs.start(good.task, { charge: charge('good') });
    good.finish();
    await done.finished;
    const bad = task('');
    const failed = jobs.start(bad.task, { charge: charge('bad') });
    bad.fail(new ApiError(503, 'OVERLOADED', 'The translation queue is full'));
    await failed.finished;
    expect(refunds).toEqual(['bad']);
    expect(failed).toMatchObject({ state: 'error', error: 'The translation queue is full' });
    // Finished jobs are read back from the store, with the right key only.
    expect(await jobs.find(done.id, done.key)).toMatchObject({ state: 'done', result: { body: 'Bonjour.' } });
    expect(await jobs.find(done.id, 'not-the-key')).toBeUndefined();
    await jobs.close();
  });

  it('fails, refunds and stores a running job when the server closes', async () => {
    const { jobs, refunds } = jobsInMemory();
    const work = task('never');
    const running = jobs.start(work.task, { charge: charge('closing') });
    await jobs.close(new ApiError(503, 'SHUTTING_DOWN', 'The server stopped'));
    expect(refunds).toEqual(['closing']);
    expect(await jobs.find(running.id, running.key)).toMatchObject({
      state: 'error',
      error: 'The server stopped',
      failure: { code: 'SHUTTING_DOWN' },
    });
  });
});

describe.skipIf(!REDIS_SERVER)('document jobs shared through Redis', () => {
  const redis = redisForSuite();
  const clients: Redis[] = [];
  const nodes: DocumentJobs[] = [];
  const node = (options: { heartbeatMs?: number; keepMs?: number } = {}) => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 0, enableOfflineQueue: false });
    clients.push(client);
    const refunds: JobCharge[] = [];
    const jobs = new DocumentJobs({
      store: new RedisJobStore(client),
      refund: async (charged) => void refunds.push(charged),
      log: quiet,
      heartbeatMs: 100,
      ...options,
    });
    nodes.push(jobs);
    return { jobs, client, refunds };
  };
  afterEach(() => {
    // Their heartbeats stop, and what still runs is cancelled.
    for (const jobs of nodes.splice(0)) void jobs.close();
    for (const client of clients.splice(0)) client.disconnect();
  });

  it('lets another node poll a job while it runs and download its result once done', async () => {
    const a = node();
    const b = node();
    await connected(a.client, b.client);
    const work = task('Bonjour tout le monde.');
    const job = a.jobs.start(work.task);
    // Progress reaches Redis with the next heartbeat (every 100 ms here, 5 s by default).
    const running = await seenOnceThat(b.jobs, job, (seen) => seen?.done === 10, 'the progress on node B');
    expect(running).toMatchObject({ state: 'translating', done: 10, total: 42 });
    work.finish();
    await job.finished;
    const seen = await seenOnceThat(b.jobs, job, (seen) => seen?.state === 'done', 'the result on node B');
    expect(seen).toMatchObject({
      state: 'done',
      result: { fileName: 'report.fr.txt', characters: 42 },
    });
    expect(seen!.result!.body).toBe('Bonjour tout le monde.');
    // Knowing the id is not enough.
    expect(await b.jobs.find(job.id, 'not-the-key')).toBeUndefined();
    expect(await b.jobs.find('no-such-job', job.key)).toBeUndefined();
  });

  it('keeps bytes as bytes, and a refusal with its status and headers', async () => {
    const a = node();
    const b = node();
    await connected(a.client, b.client);
    const bytes = new Uint8Array([80, 75, 3, 4, 0, 255, 128]);
    const binary = task(bytes);
    const done = a.jobs.start(binary.task);
    binary.finish();
    await done.finished;
    const refused = task('');
    const failed = a.jobs.start(refused.task);
    refused.fail(new ApiError(503, 'OVERLOADED', 'The translation queue is full', { 'Retry-After': '3' }));
    await failed.finished;
    await seenOnceThat(b.jobs, failed, (seen) => seen?.state === 'error', 'the refusal on node B');
    const body = (await b.jobs.find(done.id, done.key))!.result!.body;
    expect(body).toBeInstanceOf(Uint8Array);
    expect([...(body as Uint8Array)]).toEqual([...bytes]);
    const seen = await b.jobs.find(failed.id, failed.key);
    expect(seen).toMatchObject({ state: 'error', error: 'The translation queue is full' });
    expect(seen!.failure).toMatchObject({
      statusCode: 503,
      code: 'OVERLOADED',
      headers: { 'Retry-After': '3' },
    });
  });

  it('fails and refunds, once, a running job whose node went away, and forgets a finished one after keepMs', async () => {
    // A running job's entry outlives 12 heartbeats: at 100 ms (1.2 s) a loaded machine (load 10)
    // twice let it expire before B or C claimed it, and the orphan was never seen failed.
    const a = node({ heartbeatMs: 250 });
    const b = node({ heartbeatMs: 250 });
    const c = node({ heartbeatMs: 250 });
    await connected(a.client, b.client, c.client);
    const orphan = a.jobs.start(task('never').task, { charge: charge('orphan') });
    await seenOnceThat(b.jobs, orphan, (seen) => seen?.state === 'translating', 'the running job on node B');
    // Node A is cut off: its heartbeats stop reaching Redis.
    a.client.disconnect();
    // B and C look for lost jobs every heartbeat: one of them claims it, marks it failed and refunds it.
    await seenOnceThat(c.jobs, orphan, (seen) => seen?.state === 'error', 'C to see the orphan failed');
    expect(await b.jobs.find(orphan.id, orphan.key)).toMatchObject({
      state: 'error',
      error: expect.stringMatching(/stopped/),
    });
    // More sweeps (every 250 ms on each of B and C) find nothing more to refund: a window, as a
    // second refund would have no event of its own to wait for.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect([...b.refunds, ...c.refunds]).toEqual([charge('orphan')]);
    void a.jobs.close();

    // B must read the finished job within keepMs: 200 ms was missed at load 10 (a few Redis round trips).
    const d = node({ keepMs: 1_000 });
    await connected(d.client);
    const work = task('Short-lived.');
    const job = d.jobs.start(work.task);
    work.finish();
    await job.finished;
    await seenOnceThat(b.jobs, job, (seen) => seen?.state === 'done', 'the finished job on node B');
    await seenOnceThat(b.jobs, job, (seen) => seen === undefined, 'the job to be forgotten after keepMs');
    await d.jobs.close();
  });

  it('answers 503 when Redis does not answer, rather than "no such job"', async () => {
    const b = node();
    await connected(b.client);
    b.client.disconnect();
    await expect(b.jobs.find('some-id', 'some-key')).rejects.toMatchObject({ statusCode: 503 });
  });
});
