/**
 * `npm run test:cluster`: the loopback cluster (HAProxy, 3 API nodes, 2 inference nodes, Redis) on
 * the tiny model, under load through the front, while one API node and one inference node are
 * killed (SIGKILL) and started again. Then the same load with 1 and with 2 inference nodes. Checks:
 *   - no request failed: HAProxy retries another API node, the kserve engine another inference node;
 *   - a translation cached through one API node is a shared-cache hit through another;
 *   - the rate limit is counted across API nodes (in Redis);
 *   - a document job started through one API node is polled and downloaded through another after
 *     the first is killed;
 *   - a document job whose node is killed while it runs is reported failed through another node
 *     (never "translating" for ever), and the characters it was charged are given back;
 * prints requests, failures and throughput, and exits 1 if a check failed.
 *   npm run test:cluster -- [--seconds 24] [--concurrency 8]
 */
import type { StatusResponse } from '@sema/shared/api/schemas';
import { waitFor } from '@sema/testkit/wait-for';
import { startCluster, TINY_MODEL, type Cluster } from './topology.ts';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

const chaosSeconds = option('seconds', 24);
const concurrency = option('concurrency', 8);
const RATE_LIMIT = 20;
/** Every API node needs a key (so that charges and refunds are counted, in Redis); the drill has one. */
const KEY = 'cluster-drill-key';
const withKey = (headers: Record<string, string>) => ({ ...headers, 'x-api-key': KEY });

interface LoadResult {
  requests: number;
  failures: Record<string, number>;
  seconds: number;
}

let sentence = 0;
/** A client address of its own per request, so the rate limit never stands in the load's way. */
const randomClient = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

function translate(base: string, text: string, client: string): Promise<Response> {
  return fetch(`${base}/api/v1/translate`, {
    method: 'POST',
    headers: withKey({ 'content-type': 'application/json', 'x-forwarded-for': client }),
    body: JSON.stringify({ text, source_language: 'eng_Latn', target_language: 'fra_Latn' }),
  });
}

/** `concurrency` clients sending new sentences (never cached) to `base` for `seconds`. */
async function load(
  base: string,
  seconds: number,
  events: [number, () => Promise<void>][] = [],
): Promise<LoadResult> {
  const result: LoadResult = { requests: 0, failures: {}, seconds };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const fail = (why: string) => (result.failures[why] = (result.failures[why] ?? 0) + 1);
  const client = async () => {
    while (performance.now() < deadline) {
      result.requests++;
      try {
        const response = await translate(
          base,
          `Sentence number ${sentence++} of the cluster drill.`,
          randomClient(),
        );
        await response.arrayBuffer();
        if (response.status !== 200) fail(`HTTP ${response.status}`);
      } catch (error) {
        fail((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
      }
    }
  };
  const script = (async () => {
    for (const [at, action] of events) {
      const wait = started + at * 1000 - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await action();
    }
  })();
  await Promise.all([...Array.from({ length: concurrency }, client), script]);
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

async function metric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\d+(?:\\.\\d+)?)`, 'm').exec(text)?.[1] ?? 0);
}

const checks: { name: string; ok: boolean; detail: string }[] = [];
const check = (name: string, ok: boolean, detail: string) => {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
};
const failed = (result: LoadResult) => Object.values(result.failures).reduce((sum, count) => sum + count, 0);
const describe = (result: LoadResult) =>
  `${result.requests} requests, ${failed(result)} failed${failed(result) ? ` ${JSON.stringify(result.failures)}` : ''}, ${(result.requests / result.seconds).toFixed(1)} requests/s`;
const log = (line: string) => console.log(`  [${new Date().toISOString().slice(11, 19)}] ${line}`);

async function sharedCache(cluster: Cluster): Promise<void> {
  const [first, second] = cluster.api;
  const text = `A sentence cached through one node, ${Date.now()}.`;
  await (await translate(first!.url, text, randomClient())).arrayBuffer();
  const before = await metric(second!.url, 'sema_translation_shared_cache_hits_total');
  const answer = await translate(second!.url, text, randomClient());
  await answer.arrayBuffer();
  const after = await metric(second!.url, 'sema_translation_shared_cache_hits_total');
  check(
    'a translation cached through api-1 is a shared-cache hit through api-2',
    answer.status === 200 && after === before + 1,
    `api-2's shared-cache hits ${before} → ${after}`,
  );
}

async function sharedRateLimit(cluster: Cluster): Promise<void> {
  const client = '203.0.113.50';
  const statuses: number[] = [];
  for (let i = 0; i < RATE_LIMIT + 4; i++) {
    const node = cluster.api[i % cluster.api.length]!;
    const response = await translate(node.url, 'Hello.', client);
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  const passed = statuses.filter((status) => status === 200).length;
  const limited = statuses.filter((status) => status === 429).length;
  check(
    `the rate limit (${RATE_LIMIT}/minute) is counted across the API nodes`,
    passed === RATE_LIMIT && limited === 4,
    `${RATE_LIMIT + 4} requests from one client spread over ${cluster.api.length} nodes: ${passed} answered, ${limited} refused with 429`,
  );
}

/** A document translated through api-1 is polled and downloaded through api-2 after api-1 is killed. */
async function documentJob(cluster: Cluster): Promise<void> {
  const [first, second] = cluster.api;
  const form = new FormData();
  form.append('file', new Blob(['Good morning.\nThank you.\n'], { type: 'text/plain' }), 'notes.txt');
  form.append('source_lang', 'EN');
  form.append('target_lang', 'FR');
  // Each call from an address of its own: the polls must not meet the drill's rate limit.
  const upload = await fetch(`${first!.url}/v2/document`, {
    method: 'POST',
    headers: withKey({ 'x-forwarded-for': randomClient() }),
    body: form,
  });
  const { document_id: id, document_key: key } = (await upload.json()) as Record<string, string>;
  const status = async (base: string) => (await documentStatus(base, id!, key!)).status;
  for (let tries = 0; tries < 100 && (await status(first!.url)) !== 'done'; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  log('SIGKILL api-1 (the node that took the document)');
  await first!.kill('SIGKILL');
  const seen = await status(second!.url);
  const result = await fetch(`${second!.url}/v2/document/${id}/result`, {
    method: 'POST',
    headers: withKey({ 'x-forwarded-for': randomClient() }),
    body: new URLSearchParams({ document_key: key! }),
  });
  const text = result.ok ? await result.text() : '';
  check(
    'a document job survives the node that accepted it',
    seen === 'done' && result.ok && text.split('\n').length === 3,
    `api-2 sees the job ${seen}, and its result answers ${result.status} with ${text.length} characters`,
  );
  log('starting api-1');
  await first!.start();
}

interface DocumentStatus {
  status: string;
  seconds_remaining?: number;
  error_message?: string;
}

/** DeepL's status call for a document, through `base`. */
async function documentStatus(base: string, id: string, key: string): Promise<DocumentStatus> {
  const response = await fetch(`${base}/v2/document/${id}`, {
    method: 'POST',
    headers: withKey({ 'x-forwarded-for': randomClient() }),
    body: new URLSearchParams({ document_key: key }),
  });
  return response.ok ? ((await response.json()) as DocumentStatus) : { status: `HTTP ${response.status}` };
}

/** The drill key's characters this month, as DeepL's /v2/usage reports them (counted in Redis). */
async function usage(base: string): Promise<number> {
  const response = await fetch(`${base}/v2/usage`, {
    headers: withKey({ 'x-forwarded-for': randomClient() }),
  });
  return ((await response.json()) as { character_count: number }).character_count;
}

/**
 * A document large enough to be still translating is uploaded through api-3, which is killed
 * (SIGKILL) while it runs. What the user then gets through api-2: the job failed, with a message to
 * upload it again, and the characters it was charged given back — never "translating" for ever. (A
 * node stopped with SIGTERM fails its running jobs at once; a killed one says nothing, so the other
 * nodes find its job by its silent heartbeat, 15 s, and one of them fails and refunds it.)
 */
async function documentJobLostWithItsNode(cluster: Cluster): Promise<void> {
  const [, observer, runner] = cluster.api;
  const run = Date.now().toString(36);
  // Sentences never seen before (the shared cache would make it quick), ~90,000 characters.
  const lines = Array.from(
    { length: 1200 },
    (_, index) => `Line ${index} of drill ${run}: the river carries the news down to the sea.`,
  );
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/plain' }), 'long.txt');
  form.append('source_lang', 'EN');
  form.append('target_lang', 'FR');
  const before = await usage(observer!.url);
  const upload = await fetch(`${runner!.url}/v2/document`, {
    method: 'POST',
    headers: withKey({ 'x-forwarded-for': randomClient() }),
    body: form,
  });
  if (!upload.ok) {
    check('a document job whose node dies fails with a refund', false, `upload answered ${upload.status}`);
    return;
  }
  const { document_id: id, document_key: key } = (await upload.json()) as Record<string, string>;
  const charged = (await usage(observer!.url)) - before;
  // Seen running through another node (progress reaches Redis with the heartbeat, every 5 s).
  let seen: DocumentStatus = { status: 'queued' };
  for (let tries = 0; tries < 100; tries++) {
    seen = await documentStatus(observer!.url, id!, key!);
    if (seen.status !== 'queued') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  log(
    `api-2 sees the job ${seen.status}${seen.seconds_remaining ? ` (${seen.seconds_remaining} s left)` : ''}`,
  );
  log('SIGKILL api-3 (the node translating the document)');
  await runner!.kill('SIGKILL');
  const killedAt = performance.now();
  let after: DocumentStatus = seen;
  while (performance.now() - killedAt < 40_000) {
    after = await documentStatus(observer!.url, id!, key!);
    if (after.status !== 'translating' && after.status !== 'queued') break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const seconds = ((performance.now() - killedAt) / 1000).toFixed(1);
  const result = await fetch(`${observer!.url}/v2/document/${id}/result`, {
    method: 'POST',
    headers: withKey({ 'x-forwarded-for': randomClient() }),
    body: new URLSearchParams({ document_key: key! }),
  });
  const resultMessage = ((await result.json().catch(() => ({}))) as { message?: string }).message;
  const refunded = (await usage(observer!.url)) === before;
  log(
    `api-2 ${seconds} s after the kill: status ${after.status}${after.error_message ? ` ("${after.error_message}")` : ''}; result ${result.status} "${resultMessage ?? ''}"`,
  );
  check(
    'a document job whose node is killed while it runs is reported failed elsewhere, and refunded',
    seen.status === 'translating' && after.status === 'error' && charged > 0 && refunded,
    `running when its node died (${seen.status}); through api-2 it read "${after.status}" ${seconds} s later; ` +
      `${charged} characters charged, ${refunded ? 'all given back' : 'NOT given back'}`,
  );
  log('starting api-3');
  await runner!.start();
}

console.log('Starting the loopback cluster: HAProxy, 3 API nodes, 2 inference nodes (tiny model), Redis…');
const starting = performance.now();
const cluster = await startCluster({
  apiNodes: 3,
  inferenceNodes: 2,
  model: TINY_MODEL,
  // The drill reads the API nodes' /metrics: a loopback cluster of its own, so they are open.
  apiEnv: { SEMA_RATE_LIMIT: `${RATE_LIMIT}/minute`, SEMA_API_KEYS: KEY, SEMA_OPERATOR_ROUTES: 'open' },
  output: 'ignore',
});
console.log(`Up in ${((performance.now() - starting) / 1000).toFixed(1)} s at ${cluster.url}\n`);

try {
  await sharedCache(cluster);
  await sharedRateLimit(cluster);
  await documentJob(cluster);
  await documentJobLostWithItsNode(cluster);

  const [, api2] = cluster.api;
  const [inference1, inference2] = cluster.inference;
  const step = chaosSeconds / 6;
  console.log(`\nLoad through HAProxy for ${chaosSeconds} s, ${concurrency} clients, with nodes killed:`);
  const chaos = await load(cluster.url, chaosSeconds, [
    [step, async () => (log('SIGKILL api-2'), await api2!.kill('SIGKILL'))],
    [2 * step, async () => (log('starting api-2'), await api2!.start(), log('api-2 ready'))],
    [3 * step, async () => (log('SIGKILL inference-1'), await inference1!.kill('SIGKILL'))],
    [
      4 * step,
      async () => (log('starting inference-1'), await inference1!.start(), log('inference-1 ready')),
    ],
  ]);
  check(
    'no request failed while an API node and an inference node were killed and restarted',
    failed(chaos) === 0,
    describe(chaos),
  );

  const phase = Math.max(4, chaosSeconds / 3);
  console.log(`\nThroughput, ${phase} s each, ${concurrency} clients, every sentence new (no cache):`);
  log('SIGTERM inference-2 (drains)');
  await inference2!.kill('SIGTERM');
  const one = await load(cluster.url, phase);
  check('no request failed with 1 inference node', failed(one) === 0, describe(one));
  await inference2!.start();
  // The API nodes probe their inference servers every 2 s: wait until each says all are up again
  // (its translation engine ready, without "1 of 2 inference servers up").
  await Promise.all(
    cluster.api.map((node) =>
      waitFor(
        async () => {
          // From a client of its own each time: the drill's rate limit is 20 a minute per client.
          const answer = await fetch(`${node.url}/api/v1/status`, {
            headers: withKey({ 'x-forwarded-for': randomClient() }),
          });
          const translation = ((await answer.json()) as Partial<StatusResponse>).engines?.translation;
          return translation?.state === 'ready' && translation.detail === undefined;
        },
        { timeout: 15_000, interval: 100, what: `${node.name} to see both inference nodes up` },
      ),
    ),
  );
  log('every API node sees both inference nodes up');
  const two = await load(cluster.url, phase);
  check('no request failed with 2 inference nodes', failed(two) === 0, describe(two));
  const cores = (await import('node:os')).availableParallelism();
  console.log(
    `\n1 inference node: ${(one.requests / one.seconds).toFixed(1)} requests/s; 2 inference nodes: ${(two.requests / two.seconds).toFixed(1)} requests/s` +
      ` (tiny model; every process and the load share this machine's ${cores} cores, so these figures show both run, not how inference scales)`,
  );
} finally {
  await cluster.stop();
}

const failures = checks.filter((item) => !item.ok).length;
console.log(`\ncluster: ${checks.length - failures} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
