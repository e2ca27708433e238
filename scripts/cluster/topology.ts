/**
 * The cluster of deploy/compose.yaml without containers, on loopback ports: Debian's haproxy in
 * front (deploy/haproxy.cfg with the addresses swapped), API nodes running the kserve engine,
 * inference nodes in inference mode, one redis-server. Every process is a child of this one, can be
 * killed and restarted on its port, and is stopped by its own pid.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(root, 'apps/server/src/server.ts');
/** The tiny random-weight model the tests run on: real files, nonsense translations. */
export const TINY_MODEL = path.join(root, 'apps/server/test/fixtures/tiny-nllb');

export interface ClusterOptions {
  apiNodes: number;
  inferenceNodes: number;
  /** The inference nodes' model (hub id or folder); the API nodes tokenize with its tokenizer. */
  model: string;
  /** Where haproxy listens; a free port when unset. */
  port?: number;
  /** More settings for every API node (a rate limit, say). */
  apiEnv?: Record<string, string>;
  /** Where the nodes' own output goes (warnings and errors only). */
  output?: 'inherit' | 'ignore';
}

export interface ClusterNode {
  readonly name: string;
  readonly url: string;
  readonly port: number;
  /** Whether its process is running. */
  readonly running: boolean;
  /** Sends `signal` (SIGKILL: a crash) and resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and resolves once it is ready. */
  start(): Promise<void>;
}

export interface Cluster {
  /** HAProxy, the one address clients use. */
  url: string;
  api: ClusterNode[];
  inference: ClusterNode[];
  redisUrl: string;
  stop(): Promise<void>;
}

function need(binary: string): void {
  if (spawnSync(binary, ['-v']).error) {
    throw new Error(
      `${binary} is not installed (apt-get install ${binary === 'haproxy' ? 'haproxy' : 'redis-server'})`,
    );
  }
}

async function waitUntil(what: string, check: () => Promise<boolean>, child: ChildProcess, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited while starting`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} was not ready within ${ms / 1000} s`);
}

const answers200 = (url: string) => async () => (await fetch(url)).status === 200;

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A Sema process on a fixed port that can be killed and started again. */
function semaNode(
  name: string,
  port: number,
  env: Record<string, string>,
  readyPath: string,
  output: 'inherit' | 'ignore',
): ClusterNode {
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  return {
    name,
    url,
    port,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (!child) return;
      const gone = exited(child);
      child.kill(signal);
      await gone;
      child = undefined;
    },
    async start() {
      child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          SEMA_LOG_LEVEL: 'warn',
          SEMA_CHAT_PROVIDER: 'none',
          ...env,
        },
        stdio: ['ignore', output, output],
      });
      await waitUntil(name, answers200(`${url}${readyPath}`), child, 180_000);
    },
  };
}

/**
 * deploy/haproxy.cfg for loopback: the same checks, retries and balancing, with haproxy listening
 * on `port` and the API nodes at their loopback ports (no Docker DNS).
 */
function haproxyConfig(port: number, api: ClusterNode[]): string {
  const lines = fs.readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8').split('\n');
  const out: string[] = [];
  let inResolvers = false;
  for (const line of lines) {
    if (/^resolvers /.test(line)) {
      inResolvers = true;
      continue;
    }
    if (inResolvers && /^\S/.test(line)) inResolvers = false;
    if (inResolvers) continue;
    // No log address here: HAProxy's own warnings still reach stderr.
    if (/^\s*(log stdout|log global|option httplog)/.test(line)) continue;
    if (/^\s*bind /.test(line)) {
      out.push(`  bind 127.0.0.1:${port}`);
    } else if (/^\s*default-server /.test(line)) {
      out.push(line.replace(/ resolvers \S+/, '').replace(/ init-addr \S+/, ''));
    } else if (/^\s*server /.test(line)) {
      if (!out.some((kept) => /^\s*server /.test(kept))) {
        for (const node of api) out.push(`  server ${node.name} 127.0.0.1:${node.port}`);
      }
    } else out.push(line);
  }
  return out.join('\n');
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  need('haproxy');
  need('redis-server');
  const output = options.output ?? 'inherit';
  const started: { stop(): Promise<void> }[] = [];
  const stop = async () => {
    for (const item of started.reverse()) await item.stop();
  };
  try {
    const redisPort = await freePort();
    const redis = spawn(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    started.push({ stop: async () => void (redis.kill('SIGTERM'), await exited(redis)) });
    const redisUrl = `redis://127.0.0.1:${redisPort}`;

    const inference: ClusterNode[] = [];
    for (let i = 1; i <= options.inferenceNodes; i++) {
      const env = {
        SEMA_NLLB_MODEL: options.model,
        SEMA_INFERENCE_API: 'on',
        SEMA_INFERENCE_MODEL_NAME: 'nllb',
      };
      inference.push(semaNode(`inference-${i}`, await freePort(), env, '/v2/health/ready', output));
    }
    started.push({ stop: () => Promise.all(inference.map((node) => node.kill('SIGTERM'))).then(() => {}) });
    await Promise.all(inference.map((node) => node.start()));

    const api: ClusterNode[] = [];
    for (let i = 1; i <= options.apiNodes; i++) {
      const env = {
        SEMA_TRANSLATION_ENGINE: 'kserve',
        SEMA_KSERVE_URL: inference.map((node) => node.url).join(','),
        SEMA_KSERVE_MODEL: 'nllb',
        SEMA_KSERVE_TOKENIZER: options.model,
        REDIS_URL: redisUrl,
        SEMA_TRUST_PROXY: 'loopback',
        ...options.apiEnv,
      };
      api.push(semaNode(`api-${i}`, await freePort(), env, '/readyz', output));
    }
    started.push({ stop: () => Promise.all(api.map((node) => node.kill('SIGTERM'))).then(() => {}) });
    await Promise.all(api.map((node) => node.start()));

    const port = options.port ?? (await freePort());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-cluster-'));
    const config = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(config, haproxyConfig(port, api));
    // -db: in the foreground, so the pid held is HAProxy's own.
    const haproxy = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'ignore', output] });
    started.push({
      stop: async () => {
        haproxy.kill('SIGTERM');
        await exited(haproxy);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    });
    const url = `http://127.0.0.1:${port}`;
    await waitUntil('haproxy', answers200(`${url}/readyz`), haproxy, 20_000);
    return { url, api, inference, redisUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
