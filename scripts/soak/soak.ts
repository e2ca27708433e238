/**
 * `npm run soak`: the real server under a realistic mix for a while (10 minutes by default), with
 * its memory and its model process's sampled every second. Prints latency, statuses and memory,
 * and exits 1 unless every request was answered, nothing failed with a 5xx (503 with Retry-After,
 * load shedding, excepted), every hostile request got a 4xx, and memory stayed flat over the second
 * half.
 *   npm run soak -- --duration 60s --concurrency 16 [--redis] [--json]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAi } from '../../apps/server/test/fake-openai.ts';
import { freePort } from '../lib/free-port.mjs';
import { sampleMemory, type MemorySample } from './memory.ts';
import { pickOperation, type Outcome, type Target } from './mix.ts';
import { judge, printReport } from './report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

/** `90`, `90s`, `10m` → seconds. */
function seconds(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m|min)?$/.exec(text.trim());
  if (!match) throw new Error(`--duration must look like 60s or 10m (got ${text})`);
  return Number(match[1]) * (match[2]?.startsWith('m') ? 60 : 1);
}

const durationS = seconds(option('duration', process.env.SOAK_DURATION ?? '10m'));
const concurrency = Number(option('concurrency', process.env.SOAK_CONCURRENCY ?? '16'));
const useRedis = process.argv.includes('--redis');
const asJson = process.argv.includes('--json');

async function waitForStatus(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early (${child.exitCode})`);
    try {
      const status = (await (await fetch(`${url}/readyz`)).json()) as { status?: string };
      if (status.status === 'ready') return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} never became ready`);
}

async function startRedis(): Promise<{ url: string; stop(): void }> {
  if (spawnSync('redis-server', ['--version']).status !== 0) throw new Error('--redis needs redis-server');
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { url: `redis://127.0.0.1:${port}/0`, stop: () => child.kill('SIGKILL') };
}

async function main(): Promise<void> {
  const fake = await startFakeOpenAi();
  fake.setDefault({
    kind: 'answer',
    content: 'Rice needs water, salt and patience. Boil, then simmer for twenty minutes.',
    delayMs: 2,
  });
  const redis = useRedis ? await startRedis() : undefined;
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEMA_LOG_LEVEL: process.env.SOAK_LOG_LEVEL ?? 'error',
      SEMA_NLLB_MODEL: path.join(root, 'apps/server/test/fixtures/tiny-nllb'),
      SEMA_GLOSSARY_DB: ':memory:',
      SEMA_CHAT_BASE_URL: fake.baseUrl,
      // A modest queue, so that load shedding (503 + Retry-After) can happen and is seen to be clean.
      SEMA_QUEUE_LIMIT: '64',
      // The soak is one address standing for many users: the per-client caps are lifted.
      SEMA_MAX_CHATS_PER_CLIENT: '1000',
      SEMA_MAX_DOCUMENTS_PER_CLIENT: '1000',
      ...(redis ? { REDIS_URL: redis.url } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const outcomes: Outcome[] = [];
  const memory: MemorySample[] = [];
  let serverExited: number | null = null;
  server.on('exit', (code) => (serverExited = code ?? -1));
  try {
    await waitForStatus(base, server);
    const started = performance.now();
    const sampler = setInterval(() => memory.push(sampleMemory(server.pid!, started)), 1000);
    memory.push(sampleMemory(server.pid!, started));
    const target: Target = { base, port };
    const endAt = started + durationS * 1000;
    let sent = 0;
    const worker = async () => {
      while (performance.now() < endAt && serverExited === null) {
        sent++;
        outcomes.push(await pickOperation()(target));
      }
    };
    const progress = setInterval(() => {
      if (!asJson)
        process.stderr.write(
          `\r${Math.round((performance.now() - started) / 1000)} / ${durationS} s, ${outcomes.length} answered`,
        );
    }, 5000);
    await Promise.all(Array.from({ length: concurrency }, worker));
    clearInterval(progress);
    clearInterval(sampler);
    memory.push(sampleMemory(server.pid!, started));
    if (!asJson) process.stderr.write('\n');
    const upAfter =
      serverExited === null &&
      (await fetch(`${base}/livez`).then(
        (r) => r.ok,
        () => false,
      ));
    const verdict = judge({ outcomes, sent, memory, serverStayedUp: upAfter, durationS, concurrency });
    if (asJson) console.log(JSON.stringify(verdict));
    else printReport(verdict);
    process.exitCode = verdict.pass ? 0 : 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    redis?.stop();
    await fake.close();
  }
}

await main();
