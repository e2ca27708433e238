/**
 * Tenants kept apart: with API keys on, a glossary belongs to the key (or the web app's address)
 * that made it. Another key neither lists, reads, uses, changes nor deletes it, on our API and on
 * DeepL's; the operator sees every one and can share one with everyone. Checked on both stores,
 * SQLite and a real Redis, with two keys and a web session.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HEADER } from '@sema/shared/api/schemas';
import { REDIS_SERVER } from '@sema/testkit/redis';
import type { App } from '../src/app.ts';
import { buildTestApp } from './build-test-app.ts';
import { redisForSuite } from './redis-suite.ts';

const ALICE = 'alice-key-00001';
const BOB = 'bob-key-0000002';
const ADMIN = 'operator-token-0001-long-enough-to-pass';
const WEB_ADDRESS = '10.20.30.40';

type Who = { key: string } | { session: string } | { admin: true };

function headersOf(who: Who): Record<string, string> {
  if ('key' in who) return { authorization: `Bearer ${who.key}` };
  if ('session' in who) return { [SESSION_HEADER]: who.session };
  return { authorization: `Bearer ${ADMIN}` };
}

function call(app: App, who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    remoteAddress: WEB_ADDRESS,
    headers: headersOf(who),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const glossaryIds = async (app: App, who: Who) =>
  ((await call(app, who, 'GET', '/api/v1/glossaries')).json().glossaries as { id: string }[]).map(
    (glossary) => glossary.id,
  );

/** Makes a glossary from English as `who`. */
const createGlossary = (app: App, who: Who, glossary: { name: string; target: string; entries: object }) =>
  call(app, who, 'POST', '/api/v1/glossaries', {
    name: glossary.name,
    source_language: 'eng_Latn',
    target_language: glossary.target,
    entries: glossary.entries,
  });

/** Asks, as `who`, for the clinic question in Swahili through glossary `id`. */
const translateWithGlossary = (app: App, who: Who, id: string) =>
  call(app, who, 'POST', '/api/v1/translate', {
    text: 'Where is the clinic?',
    source_language: 'eng_Latn',
    target_language: 'swh_Latn',
    glossary_id: id,
  });

function tenantSuite(env: () => Record<string, string>) {
  let app: App;
  const alice = { key: ALICE };
  const bob = { key: BOB };
  const admin = { admin: true } as const;
  let web: Who;
  let alices: string;

  beforeAll(async () => {
    app = await buildTestApp({
      SEMA_API_KEYS: `${ALICE},${BOB}`,
      SEMA_WEB_ACCESS: 'session',
      SEMA_ADMIN_TOKEN: ADMIN,
      ...env(),
    });
    const session = await app.inject({ method: 'POST', url: '/api/v1/session', remoteAddress: WEB_ADDRESS });
    web = { session: session.json().token };
    const created = await createGlossary(app, alice, {
      name: "Alice's clinic terms « & <b> # »",
      target: 'swh_Latn',
      entries: { clinic: 'zahanati' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().shared).toBe(false);
    alices = created.json().id;
  }, 60_000);
  afterAll(() => app?.close());

  it("lists a glossary only for the key that made it, not another key's or a web session's", async () => {
    expect(await glossaryIds(app, alice)).toEqual([alices]);
    expect(await glossaryIds(app, bob)).toEqual([]);
    expect(await glossaryIds(app, web)).toEqual([]);
    const deeplList = await call(app, bob, 'GET', '/v2/glossaries');
    expect(deeplList.json().glossaries).toEqual([]);
  });

  it("answers another tenant's glossary as one that does not exist: read, use, change, delete", async () => {
    for (const other of [bob, web]) {
      expect((await call(app, other, 'GET', `/api/v1/glossaries/${alices}`)).statusCode).toBe(404);
      const put = await call(app, other, 'PUT', `/api/v1/glossaries/${alices}`, { entries: { clinic: 'x' } });
      expect(put.statusCode).toBe(404);
      expect((await call(app, other, 'DELETE', `/api/v1/glossaries/${alices}`)).statusCode).toBe(404);
      const translate = await translateWithGlossary(app, other, alices);
      expect(translate.statusCode).toBe(404);
      expect(translate.json().code).toBe('GLOSSARY_NOT_FOUND');
    }
    expect((await call(app, bob, 'GET', `/v2/glossaries/${alices}`)).statusCode).toBe(404);
    expect((await call(app, bob, 'DELETE', `/v2/glossaries/${alices}`)).statusCode).toBe(404);
    const deeplTranslate = await call(app, bob, 'POST', '/v2/translate', {
      text: ['Where is the clinic?'],
      source_lang: 'EN',
      target_lang: 'SW',
      glossary_id: alices,
    });
    expect(deeplTranslate.statusCode).toBe(404);
    // Still there, whole, for its owner.
    const own = await call(app, alice, 'GET', `/api/v1/glossaries/${alices}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().entries).toEqual({ clinic: 'zahanati' });
    const used = await translateWithGlossary(app, alice, alices);
    expect(used.statusCode).toBe(200);
    expect(used.json().translated_text).toContain('zahanati');
  });

  it("keeps a web session's glossary to its address, away from the keys", async () => {
    const created = await createGlossary(app, web, {
      name: 'web terms',
      target: 'fra_Latn',
      entries: { hello: 'bonjour' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(await glossaryIds(app, web)).toEqual([id]);
    expect(await glossaryIds(app, alice)).toEqual([alices]);
    expect((await call(app, alice, 'GET', `/api/v1/glossaries/${id}`)).statusCode).toBe(404);
  });

  it('lets the operator see every glossary and share one: every key may use it, none change it', async () => {
    expect((await call(app, alice, 'GET', '/api/v1/admin/glossaries')).statusCode).toBe(401);
    const all = (await call(app, admin, 'GET', '/api/v1/admin/glossaries')).json().glossaries as {
      id: string;
      owner: string;
    }[];
    expect(all.map((glossary) => glossary.id)).toContain(alices);
    expect(new Set(all.map((glossary) => glossary.owner)).size).toBe(all.length);

    const shared = await call(app, admin, 'POST', `/api/v1/admin/glossaries/${alices}/share`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ id: alices, owner: 'shared', shared: true });
    expect(await glossaryIds(app, bob)).toContain(alices);
    const used = await translateWithGlossary(app, bob, alices);
    expect(used.statusCode).toBe(200);
    const refused = await call(app, bob, 'DELETE', `/api/v1/glossaries/${alices}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('GLOSSARY_READ_ONLY');
    const change = { entries: { clinic: 'kliniki' } };
    expect((await call(app, alice, 'PUT', `/api/v1/glossaries/${alices}`, change)).statusCode).toBe(403);
    expect((await call(app, admin, 'DELETE', `/api/v1/admin/glossaries/${alices}`)).statusCode).toBe(204);
    expect(await glossaryIds(app, bob)).toEqual([]);
  });
}

describe('tenants on SQLite', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-tenants-'));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  tenantSuite(() => ({ SEMA_GLOSSARY_DB: path.join(folder, 'glossaries.db') }));

  it('keeps glossaries stored before they had owners away from every key, and shows them to the operator', async () => {
    const file = path.join(folder, 'old.db');
    const old = new Database(file);
    old.exec(`CREATE TABLE glossaries (id TEXT PRIMARY KEY, name TEXT NOT NULL, source TEXT NOT NULL,
      target TEXT NOT NULL, entry_count INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
      entries TEXT NOT NULL)`);
    const id = crypto.randomUUID();
    old
      .prepare('INSERT INTO glossaries VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(
        id,
        'old',
        'eng_Latn',
        'fra_Latn',
        1,
        '2026-01-01T00:00:00Z',
        '2026-01-01T00:00:00Z',
        '[["a","b"]]',
      );
    old.close();
    const app = await buildTestApp({ SEMA_API_KEYS: ALICE, SEMA_ADMIN_TOKEN: ADMIN, SEMA_GLOSSARY_DB: file });
    try {
      expect(await glossaryIds(app, { key: ALICE })).toEqual([]);
      const all = (await call(app, { admin: true }, 'GET', '/api/v1/admin/glossaries')).json().glossaries;
      expect(all).toMatchObject([{ id, owner: 'open' }]);
    } finally {
      await app.close();
    }
    // Without keys the server is open, and they are everyone's again.
    const open = await buildTestApp({ SEMA_GLOSSARY_DB: file });
    try {
      expect(((await open.inject({ url: '/api/v1/glossaries' })).json().glossaries as unknown[]).length).toBe(
        1,
      );
    } finally {
      await open.close();
    }
  });
});

describe.skipIf(!REDIS_SERVER)('tenants on Redis', () => {
  const redis = redisForSuite();
  tenantSuite(() => ({ REDIS_URL: redis.url }));
});
