/**
 * Glossary limits per owner (SEMA_MAX_GLOSSARIES_PER_OWNER) and in all (SEMA_MAX_GLOSSARIES), on
 * both stores: one key reaching its limit gets a 409 naming the setting, and another key still has
 * room of its own.
 */
import { describe, expect, it } from 'vitest';
import { REDIS_SERVER } from '@sema/testkit/redis';
import { buildTestApp, postJson } from './build-test-app.ts';
import { redisForSuite } from './redis-suite.ts';

const A = 'glossary-limit-key-a';
const B = 'glossary-limit-key-b';
const create = (app: Awaited<ReturnType<typeof buildTestApp>>, key: string, name: string) =>
  postJson(
    app,
    '/api/v1/glossaries',
    { name, source_language: 'en', target_language: 'sw', entries: { clinic: 'zahanati' } },
    { authorization: `Bearer ${key}` },
  );

async function limitsHold(env: Record<string, string>) {
  const app = await buildTestApp({
    SEMA_API_KEYS: `${A},${B}`,
    SEMA_MAX_GLOSSARIES_PER_OWNER: '2',
    SEMA_MAX_GLOSSARIES: '3',
    ...env,
  });
  try {
    expect((await create(app, A, 'one')).statusCode).toBe(201);
    expect((await create(app, A, 'two')).statusCode).toBe(201);
    const third = await create(app, A, 'three');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      code: 'GLOSSARY_LIMIT',
      detail: expect.stringContaining('SEMA_MAX_GLOSSARIES_PER_OWNER=2'),
    });
    // B's room is its own, up to what the server keeps in all.
    expect((await create(app, B, 'one')).statusCode).toBe(201);
    const full = await create(app, B, 'two');
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toContain('SEMA_MAX_GLOSSARIES=3');
  } finally {
    await app.close();
  }
}

describe('glossary limits', () => {
  it('hold per key and in all on SQLite', () => limitsHold({}));

  it('count each dictionary of a DeepL v3 glossary, which is made whole or not at all', async () => {
    const app = await buildTestApp({ SEMA_API_KEYS: A, SEMA_MAX_GLOSSARIES_PER_OWNER: '2' });
    try {
      const dictionary = (target: string) => ({ source_lang: 'en', target_lang: target, entries: 'a\tb' });
      const v3 = (dictionaries: object[]) =>
        app.inject({
          method: 'POST',
          url: '/v3/glossaries',
          headers: { authorization: `DeepL-Auth-Key ${A}` },
          payload: { name: 'many', dictionaries },
        });
      const three = await v3([dictionary('fr'), dictionary('de'), dictionary('sw')]);
      // DeepL's 456 for "the maximum amount of glossaries has been reached".
      expect(three.statusCode).toBe(456);
      expect(three.json().message).toContain('SEMA_MAX_GLOSSARIES_PER_OWNER=2');
      // Nothing of it was kept: two dictionaries still fit.
      expect((await v3([dictionary('fr'), dictionary('de')])).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });

  describe.skipIf(!REDIS_SERVER)('on Redis', () => {
    const redis = redisForSuite();
    it('hold per key and in all', () =>
      limitsHold({ REDIS_URL: redis.url, SEMA_SESSION_SECRET: 'b'.repeat(40) }));
  });
});
