import { childPids, procMemoryKb } from '../../../../scripts/lib/proc-memory.ts';
import { TINY_NLLB } from '../../src/translation/testing/tiny-nllb.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../fake-openai.ts';
import type { Sema } from '@sema/testkit/sema';
import { startServerProcess, statusOf } from '../server-process.ts';

/** The real server as its own process (tiny NLLB model, chat against the fake upstream), for fuzzing. */
export interface FuzzServer {
  base: URL;
  process: Sema;
  upstream: FakeOpenAi;
  /** Resident memory of the server and its model process, in bytes. */
  rss(): number;
  /** Fails unless the process still runs and /status answers healthy. */
  assertHealthy(): Promise<void>;
  close(): Promise<void>;
}

export async function startFuzzServer(env: Record<string, string> = {}): Promise<FuzzServer> {
  const upstream = await startFakeOpenAi();
  // The model process loads in the background: ready once the server says it is healthy.
  const server = await startServerProcess(
    {
      SEMA_NLLB_MODEL: TINY_NLLB,
      SEMA_CHAT_PROVIDER: 'openai',
      SEMA_CHAT_BASE_URL: upstream.baseUrl,
      SEMA_WEB_DIST: '/nonexistent-web-dist',
      ...env,
    },
    { ready: async (up) => (await statusOf(up)).status === 'healthy', name: 'the fuzzed server' },
  );
  const base = new URL(server.url);
  const healthy = async () => {
    if (!server.running())
      throw new Error(
        `the server exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.output().slice(-4000)}`,
      );
    const status = await statusOf(server);
    if (status.status !== 'healthy')
      throw new Error(`the server is ${status.status}: ${JSON.stringify(status.engines)}`);
  };
  const pid = server.pid!;
  return {
    base,
    process: server,
    upstream,
    rss: () => [pid, ...childPids(pid)].reduce((sum, id) => sum + procMemoryKb(id) * 1024, 0),
    assertHealthy: healthy,
    close: async () => {
      await server.stop({ grace: 5000 });
      await upstream.close();
    },
  };
}
