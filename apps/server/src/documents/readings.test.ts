/**
 * A document read in English is kept for the chat turn about it: per tenant, cut to what the model
 * reads, and seen by every node through Redis.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER } from '@sema/testkit/redis';
import { DOCUMENT_CONTEXT_CHARS } from '@sema/shared/chat/document-context';
import { redisForSuite } from '../../test/redis-suite.ts';
import { DocumentReadings } from './readings.ts';

const NOTES = { fileName: 'notes « été ».txt', english: `Tom's "café" & <b>bar</b> #1`, truncated: false };
const noRedisErrors = (error: unknown) => {
  throw error;
};

describe('document readings', () => {
  it("are found by their id for the tenant that kept them, and by no other tenant's turn", async () => {
    const readings = new DocumentReadings(null, noRedisErrors);
    const id = await readings.keep('key-a', NOTES);
    expect(await readings.find(id, 'key-a')).toEqual(NOTES);
    expect(await readings.find(id, 'key-b')).toBeUndefined();
    expect(await readings.find('no-such-reading', 'key-a')).toBeUndefined();
  });

  it('keep only what the model reads, and say the rest was left out', async () => {
    const readings = new DocumentReadings(null, noRedisErrors);
    const long = 'All people are born free. '.repeat(400);
    const id = await readings.keep('open', { fileName: 'long.txt', english: long, truncated: false });
    const kept = await readings.find(id, 'open');
    expect(kept?.english).toBe(long.slice(0, DOCUMENT_CONTEXT_CHARS));
    expect(kept?.truncated).toBe(true);
  });
});

describe.skipIf(!REDIS_SERVER)('document readings with Redis', () => {
  const redis = redisForSuite();
  let clients: Redis[];
  beforeAll(() => {
    clients = [new Redis(redis.url), new Redis(redis.url)];
  });
  afterAll(() => clients.forEach((client) => client.disconnect()));

  it('kept on one node are found on another, for an hour at most', async () => {
    const [here, there] = clients.map((client) => new DocumentReadings(client, noRedisErrors));
    const id = await here!.keep('key-a', NOTES);
    expect(await there!.find(id, 'key-a')).toEqual(NOTES);
    expect(await there!.find(id, 'key-b')).toBeUndefined();
    const ttl = await clients[0]!.pttl(`sema:reading:${id}`);
    expect(ttl).toBeGreaterThan(59 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000);
  });
});
