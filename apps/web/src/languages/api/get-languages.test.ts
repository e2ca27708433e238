import type http from 'node:http';

import { beforeEach, describe, expect, it } from 'vitest';

import { CACHE_PREFIX, createAppQueryCache } from '@/lib/query-cache';
import { LANGUAGES_FIXTURE } from '@/testing/languages-fixture';

import { followLanguagesVersion, languagesQuery } from './get-languages';
import { serveApiDuringTests } from '@/testing/api-server';

const DAY = 24 * 60 * 60_000;
/** A new page's cache each time: what it finds in local storage is all it knows. */
const getLanguages = () => createAppQueryCache().fetchQuery(languagesQuery);

/** A real server that can be told to fail, to prove what the cache does then. */
let failing = false;
let hits = 0;
/** The version of the list the server has now. */
let serverVersion: string | undefined;
const answer: http.RequestListener = (_request, response) => {
  hits += 1;
  response.writeHead(failing ? 500 : 200, { 'Content-Type': 'application/json' });
  response.end(
    JSON.stringify(
      failing
        ? { detail: 'Internal error', code: 'INTERNAL_ERROR' }
        : { ...LANGUAGES_FIXTURE, version: serverVersion },
    ),
  );
};

const KEY = `${CACHE_PREFIX}languages`;

serveApiDuringTests(answer);
beforeEach(() => {
  failing = false;
  hits = 0;
  serverVersion = undefined;
});

/** A list kept today on this device, of `version` (none: kept before lists had versions). */
const keep = (version: string | undefined) =>
  window.localStorage.setItem(
    KEY,
    JSON.stringify({
      data: { ...LANGUAGES_FIXTURE, version },
      timestamp: Date.now(),
      ttl: DAY,
      version: '1.0.0',
    }),
  );

describe('the language list query', () => {
  it('fetches once, then answers from local storage for 24 hours', async () => {
    expect((await getLanguages()).total_count).toBe(11);
    expect(JSON.parse(window.localStorage.getItem(KEY)!)).toMatchObject({
      ttl: DAY,
      version: '1.0.0',
    });
    expect((await getLanguages()).total_count).toBe(11);
    expect(hits).toBe(1);
  });

  it('uses the expired cached list when the refresh fails', async () => {
    const dayAndMore = DAY + 60_000;
    window.localStorage.setItem(
      KEY,
      JSON.stringify({
        data: LANGUAGES_FIXTURE,
        timestamp: Date.now() - dayAndMore,
        ttl: DAY,
        version: '1.0.0',
      }),
    );
    failing = true;
    expect(await getLanguages()).toEqual(LANGUAGES_FIXTURE);
    expect(hits).toBe(1);
  });

  it("reports 'Failed to fetch languages' when the server fails and nothing is cached", async () => {
    failing = true;
    await expect(getLanguages()).rejects.toThrow('Failed to fetch languages');
  });
});

describe("following the server's list version (/status languages_version)", () => {
  it('fetches a kept list again when the server names another version, and only then', async () => {
    serverVersion = 'b';
    for (const [kept, named, fetches] of [
      ['a', 'b', 1],
      [undefined, 'b', 1],
      ['b', 'b', 0],
      ['a', undefined, 0],
    ] as const) {
      keep(kept);
      hits = 0;
      const cache = createAppQueryCache();
      await followLanguagesVersion(cache, named);
      const list = await cache.fetchQuery(languagesQuery);
      expect(hits, `kept ${kept}, named ${named}`).toBe(fetches);
      expect(list.version).toBe(fetches ? 'b' : kept);
    }
  });
});
