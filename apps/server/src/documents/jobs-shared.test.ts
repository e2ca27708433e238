import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER, startRedis, type TestRedis } from '../../test/redis-server.ts';
import { ApiError } from '../lib/errors.ts';
import type { DocumentTask, TranslatedDocument } from './document-translator.ts';
import { DocumentJobs } from './jobs.ts';

const quiet = { warn: () => {} };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Commands fail at once until a client is connected (no offline queue, as the server runs it). */
const connected = (...clients: Redis[]) =>
  Promise.all(
    clients.map((client) =>
      client.status === 'ready' ? undefined : new Promise((resolve) => client.once('ready', resolve)),
    ),
  );

/** A document task that reports progress at once and finishes when told to. */
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
    async run({ onProgress }: { onProgress?: (progress: { done: number; total: number }) => void }) {
      onProgress?.({ done: 10, total: 42 });
      await finished;
      return result;
    },
    dispose: () => {},
  } as unknown as DocumentTask;
  return { task: value, finish, fail };
}

describe('document jobs in one process', () => {
  it('tells onFailed when a translation fails, and only then', async () => {
    const jobs = new DocumentJobs({ log: quiet });
    const failures: string[] = [];
    const good = task('Bonjour.');
    const done = jobs.start(good.task, { onFailed: () => failures.push('good') });
    good.finish();
    await done.finished;
    const bad = task('');
    const failed = jobs.start(bad.task, { onFailed: () => failures.push('bad') });
    bad.fail(new ApiError(503, 'OVERLOADED', 'The translation queue is full'));
    await failed.finished;
    expect(failures).toEqual(['bad']);
    expect(failed).toMatchObject({ state: 'error', error: 'The translation queue is full' });
  });
});

describe.skipIf(!REDIS_SERVER)('document jobs shared through Redis', () => {
  let redis: TestRedis;
  const clients: Redis[] = [];
  const node = (options: { heartbeatMs?: number; keepMs?: number } = {}) => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 0, enableOfflineQueue: false });
    clients.push(client);
    return { jobs: new DocumentJobs({ log: quiet, redis: client, heartbeatMs: 100, ...options }), client };
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(() => redis?.stop());

  it('lets another node poll a job while it runs and download its result once done', async () => {
    const a = node();
    const b = node();
    await connected(a.client, b.client);
    const work = task('Bonjour tout le monde.');
    const job = a.jobs.start(work.task);
    // Progress reaches Redis with the next heartbeat (every 100 ms here, 5 s by default).
    await wait(150);
    expect(await b.jobs.find(job.id, job.key)).toMatchObject({ state: 'translating', done: 10, total: 42 });
    work.finish();
    await job.finished;
    await wait(50);
    const seen = await b.jobs.find(job.id, job.key);
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
    await wait(50);
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

  it('reports a running job whose node went away as failed, and forgets a finished one after keepMs', async () => {
    const a = node();
    const b = node();
    await connected(a.client, b.client);
    const orphan = a.jobs.start(task('never').task);
    await wait(150);
    expect((await b.jobs.find(orphan.id, orphan.key))?.state).toBe('translating');
    // Node A is cut off: its heartbeats stop reaching Redis.
    a.client.disconnect();
    await wait(450);
    expect(await b.jobs.find(orphan.id, orphan.key)).toMatchObject({
      state: 'error',
      error: expect.stringMatching(/stopped/),
    });
    a.jobs.close();

    const c = node({ keepMs: 200 });
    await connected(c.client);
    const work = task('Short-lived.');
    const job = c.jobs.start(work.task);
    work.finish();
    await job.finished;
    await wait(50);
    expect((await b.jobs.find(job.id, job.key))?.state).toBe('done');
    await wait(300);
    expect(await b.jobs.find(job.id, job.key)).toBeUndefined();
    c.jobs.close();
  });

  it('answers 503 when Redis does not answer, rather than "no such job"', async () => {
    const b = node();
    await connected(b.client);
    b.client.disconnect();
    await expect(b.jobs.find('some-id', 'some-key')).rejects.toMatchObject({ statusCode: 503 });
  });
});
