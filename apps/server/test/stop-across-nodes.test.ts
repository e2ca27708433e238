/**
 * Behind a balancer, the stop request may reach another node than the one answering: with Redis,
 * that node relays it and the answering node stops its model and ends the answer as interrupted.
 * Two real apps on one real Redis, a fake upstream over real HTTP that writes until it is stopped.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER } from '@sema/testkit/redis';
import type { App } from '../src/app.ts';
import { buildTestApp, listenOn } from './build-test-app.ts';
import { chatThrough, startFakeOpenAi, UPSTREAM_KEY, type FakeOpenAi } from './fake-openai.ts';
import { redisForSuite } from './redis-suite.ts';
import { stopChatStream } from './stop-chat-stream.ts';

const KEY = 'relay-key-000001';
const OTHER = 'relay-key-000002';

describe.skipIf(!REDIS_SERVER)('a stop that reaches another node', () => {
  const redis = redisForSuite();
  let fake: FakeOpenAi;
  let answering: App;
  let other: App;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: UPSTREAM_KEY });
    const env = {
      ...chatThrough(fake),
      SEMA_API_KEYS: `${KEY},${OTHER}`,
      REDIS_URL: redis.url,
      SEMA_SESSION_SECRET: 'r'.repeat(40),
    };
    answering = await buildTestApp(env);
    other = await buildTestApp(env);
  }, 90_000);
  afterAll(async () => {
    await answering?.close();
    await other?.close();
    await fake?.close();
  });

  const stopOn = (app: App, id: string, key: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/chat/turns/${id}/stop`,
      headers: { authorization: `Bearer ${key}` },
    });

  it('is relayed through Redis to the node running the turn, which ends it as interrupted', async () => {
    fake.setDefault({ kind: 'slow', intervalMs: 20 });
    const { base } = await listenOn(answering);
    const openai = new OpenAI({ apiKey: KEY, baseURL: `${base}/v1`, maxRetries: 0 });
    const stopped = fake.nextDisconnect();
    const { text, final } = await stopChatStream(
      openai,
      'Tell me about "Lake Victoria" & its shores.',
      async (id) => {
        // Not the other node's turn, and not the other key's: only its own client stops it.
        expect((await stopOn(other, id, OTHER)).statusCode).toBe(404);
        const relayed = await stopOn(other, id, KEY);
        expect(relayed.statusCode).toBe(200);
        expect(relayed.json()).toEqual({ stopped: true });
      },
    );
    await stopped; // the answering node stopped its model
    expect(final?.sema?.interrupted).toBe(true);
    expect(text.length).toBeGreaterThan(0);
    // Once the turn has ended, no node knows it any more.
    await expect.poll(async () => (await stopOn(other, final!.id, KEY)).statusCode).toBe(404);
  }, 60_000);

  it('answers 404 on every node for a turn nobody runs', async () => {
    const response = await stopOn(other, 'f'.repeat(32), KEY);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'TURN_NOT_FOUND' });
  });
});
