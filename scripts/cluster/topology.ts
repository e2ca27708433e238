/**
 * The cluster of deploy/compose.yaml without containers, on loopback ports: Debian's haproxy in
 * front (deploy/haproxy.cfg with the addresses swapped), API nodes running the kserve engine,
 * inference nodes in inference mode, one redis-server. Every process is a child of this one, can be
 * killed and restarted on its port, and is stopped by its own pid.
 */
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '@sema/testkit/free-port';
import { HAPROXY, HAPROXY_MISSING_REASON, loopbackConfig, startHaproxy } from '@sema/testkit/haproxy';
import { REDIS_MISSING_REASON, REDIS_SERVER, startRedis } from '@sema/testkit/redis';
import { repoRoot as root, startSema, TINY_NLLB, type Sema } from '@sema/testkit/sema';
import { waitFor } from '@sema/testkit/wait-for';

/** The tiny random-weight model the tests run on: real files, nonsense translations. */
export const TINY_MODEL = TINY_NLLB;

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

/** A Sema process on a fixed port that can be killed and started again. */
function semaNode(
  name: string,
  port: number,
  env: Record<string, string>,
  readyPath: string,
  output: 'inherit' | 'ignore',
): ClusterNode {
  let sema: Sema | undefined;
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    port,
    get running() {
      return sema?.running() ?? false;
    },
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      await sema?.stop({ signal });
      sema = undefined;
    },
    async start() {
      sema = await startSema({ env, port, ready: readyPath, timeout: 180_000, output, name });
    },
  };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!HAPROXY) throw new Error(HAPROXY_MISSING_REASON);
  if (!REDIS_SERVER) throw new Error(REDIS_MISSING_REASON);
  const output = options.output ?? 'inherit';
  const started: { stop(): Promise<void> }[] = [];
  const stop = async () => {
    for (const item of started.reverse()) await item.stop();
  };
  try {
    const redis = await startRedis();
    started.push(redis);
    const redisUrl = `redis://127.0.0.1:${redis.port}`;
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
      api.push(semaNode(`api-${i}`, await freePort(), env, '/readyz/translation', output));
    }
    started.push({ stop: () => Promise.all(api.map((node) => node.kill('SIGTERM'))).then(() => {}) });
    await Promise.all(api.map((node) => node.start()));

    const haproxy = await startHaproxy({
      config: (port) =>
        loopbackConfig(fs.readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8'), port, api),
      port: options.port ?? (await freePort()),
      output,
    });
    started.push(haproxy);
    // Its health checks have found the translating API nodes once this answers through it.
    await waitFor(async () => (await fetch(`${haproxy.url}/readyz/translation`)).status === 200, {
      timeout: 20_000,
      interval: 100,
      what: 'haproxy to pass /readyz/translation to a translating API node',
    });
    return { url: haproxy.url, api, inference, redisUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
