import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_HEADER } from '@sema/shared/api/schemas';
import { REDIS_SERVER, startRedis, type TestRedis } from '@sema/testkit/redis';
import { killAllSema, type Sema } from '@sema/testkit/sema';
import { startServerProcess } from './server-process.ts';

/**
 * Two API nodes on one Redis, as behind a balancer: the web app's session token that one node made
 * must hold on the other. It does when both have the same SEMA_SESSION_SECRET; without it each node
 * draws its own, and the server says so loudly at start.
 */
let redis: TestRedis | undefined;
afterEach(async () => {
  await killAllSema();
  await redis?.stop();
  redis = undefined;
});

const KEYS = { SEMA_API_KEYS: 'team-key-0001', SEMA_WEB_ACCESS: 'session' };

/** A session token from `node`, asked as this server's web app asks (same origin). */
async function sessionFrom(node: Sema): Promise<string> {
  const response = await fetch(`${node.url}/api/v1/session`, {
    method: 'POST',
    headers: { origin: node.url, 'sec-fetch-site': 'same-origin' },
  });
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string | null };
  expect(token).toBeTruthy();
  return token!;
}

/** A keyed request (language detection) on `node` with the web app's token instead of a key. */
async function detectWith(node: Sema, token: string): Promise<number> {
  const response = await fetch(`${node.url}/api/v1/detect-language`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: node.url, [SESSION_HEADER]: token },
    body: JSON.stringify({ text: 'Bonjour tout le monde, comment allez-vous ?' }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function twoNodes(env: Record<string, string>): Promise<[Sema, Sema]> {
  redis = await startRedis();
  const shared = { ...KEYS, REDIS_URL: redis.url, SEMA_LOG_LEVEL: 'warn', ...env };
  return Promise.all([startServerProcess(shared), startServerProcess(shared)]);
}

describe.skipIf(!REDIS_SERVER)('two API nodes on one Redis', () => {
  it('with one SEMA_SESSION_SECRET, take each other’s web session tokens', async () => {
    const [first, second] = await twoNodes({ SEMA_SESSION_SECRET: 'f'.repeat(16) + '0123456789abcdef' });
    const token = await sessionFrom(first);
    expect(await detectWith(first, token)).toBe(200);
    expect(await detectWith(second, token)).toBe(200);
    expect(first.output()).not.toContain('SEMA_SESSION_SECRET is not');
  }, 120_000);

  it('without it, say at start that tokens will not hold across them (and they do not)', async () => {
    const [first, second] = await twoNodes({});
    for (const node of [first, second]) {
      expect(node.output()).toContain(
        "REDIS_URL is set but SEMA_SESSION_SECRET is not: this process signs the web app's session tokens with a random secret of its own",
      );
    }
    const token = await sessionFrom(first);
    expect(await detectWith(first, token)).toBe(200);
    expect(await detectWith(second, token)).toBe(401);
  }, 120_000);
});
