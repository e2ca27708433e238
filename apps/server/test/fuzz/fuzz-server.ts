import { childPids, procMemoryKb } from '../../../../scripts/lib/proc-memory.ts';
import { TINY_NLLB } from '../../src/translation/testing/tiny-nllb.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../fake-openai.ts';
import { freePort, startServerProcess, statusOnceUp, type ServerProcess } from '../server-process.ts';

/** The real server as its own process (tiny NLLB model, chat against the fake upstream), for fuzzing. */
export interface FuzzServer {
  base: URL;
  process: ServerProcess;
  upstream: FakeOpenAi;
  /** Resident memory of the server and its model process, in bytes. */
  rss(): number;
  /** Fails unless the process still runs and /status answers healthy. */
  assertHealthy(): Promise<void>;
  close(): Promise<void>;
}

export async function startFuzzServer(env: Record<string, string> = {}): Promise<FuzzServer> {
  const upstream = await startFakeOpenAi();
  const port = await freePort();
  const server = startServerProcess({
    PORT: String(port),
    SEMA_NLLB_MODEL: TINY_NLLB,
    SEMA_CHAT_PROVIDER: 'openai',
    SEMA_CHAT_BASE_URL: upstream.baseUrl,
    SEMA_WEB_DIST: '/nonexistent-web-dist',
    ...env,
  });
  const base = new URL(`http://127.0.0.1:${port}`);
  const healthy = async () => {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(
        `the server exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.output().slice(-4000)}`,
      );
    const status = await statusOnceUp(base.href.replace(/\/$/, ''));
    if (status.status !== 'healthy')
      throw new Error(`the server is ${status.status}: ${JSON.stringify(status.engines)}`);
  };
  // The model process loads in the background: wait until the server says it is ready.
  for (let i = 0; ; i++) {
    try {
      await healthy();
      break;
    } catch (error) {
      if (i > 300 || server.child.exitCode !== null) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const pid = server.child.pid!;
  return {
    base,
    process: server,
    upstream,
    rss: () => [pid, ...childPids(pid)].reduce((sum, id) => sum + procMemoryKb(id) * 1024, 0),
    assertHealthy: healthy,
    close: async () => {
      server.child.kill('SIGTERM');
      await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      server.child.kill('SIGKILL');
      await upstream.close();
    },
  };
}
