/**
 * Stored glossaries through /api/v1/glossaries and `glossary_id`: kept in a SQLite file across
 * restarts, shared through Redis by two server processes, and refused clearly when wrong.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, postJson } from './build-test-app.ts';
import { REDIS_SERVER } from '@sema/testkit/redis';
import { appsOnRedis, redisForSuite } from './redis-suite.ts';

const CLINIC = {
  name: 'Clinic',
  source_language: 'en',
  target_language: 'swh_Latn',
  entries: { clinic: 'zahanati', Sema: 'Sema' },
};

const create = (app: App, payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/glossaries', payload });

function translate(app: App, payload: object) {
  return app.inject({ method: 'POST', url: '/api/v1/translate', payload });
}

describe('stored glossaries, in SQLite', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-glossaries-'));
  const file = path.join(folder, 'nested', 'glossaries.sqlite');
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ SEMA_GLOSSARY_DB: file });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('creates, lists, reads, replaces and deletes a glossary', async () => {
    const created = await create(app, CLINIC);
    expect(created.statusCode).toBe(201);
    const glossary = created.json();
    expect(glossary).toMatchObject({
      name: 'Clinic',
      source_language: 'eng_Latn',
      target_language: 'swh_Latn',
      entry_count: 2,
      entries: { clinic: 'zahanati', Sema: 'Sema' },
    });
    expect(created.headers.location).toBe(`/api/v1/glossaries/${glossary.id}`);

    const fromTsv = await create(app, {
      ...CLINIC,
      name: 'From a file',
      entries: 'nurse\tmuuguzi\nmedicine\tdawa\n',
      entries_format: 'tsv',
    });
    expect(fromTsv.json()).toMatchObject({ entry_count: 2, entries: { nurse: 'muuguzi', medicine: 'dawa' } });

    const list = (await app.inject({ method: 'GET', url: '/api/v1/glossaries' })).json();
    expect(list.glossaries.map((item: { name: string }) => item.name)).toEqual(['Clinic', 'From a file']);
    expect(list.glossaries[0]).not.toHaveProperty('entries');

    const replaced = await app.inject({
      method: 'PUT',
      url: `/api/v1/glossaries/${glossary.id}`,
      payload: { entries: 'clinic,kliniki\n', entries_format: 'csv' },
    });
    expect(replaced.json()).toMatchObject({ name: 'Clinic', entry_count: 1, entries: { clinic: 'kliniki' } });

    const read = await app.inject({ method: 'GET', url: `/api/v1/glossaries/${glossary.id}` });
    expect(read.json().entries).toEqual({ clinic: 'kliniki' });

    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/glossaries/${glossary.id}` })).statusCode,
    ).toBe(204);
    const gone = await app.inject({ method: 'GET', url: `/api/v1/glossaries/${glossary.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('GLOSSARY_NOT_FOUND');
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/glossaries/${glossary.id}` })).statusCode,
    ).toBe(404);
  });

  it('translates with glossary_id: the target term is in the output, a do-not-translate term kept', async () => {
    const { id } = (await create(app, CLINIC)).json();
    const text = 'The clinic opens at eight. Sema helps the nurses.';
    const withGlossary = await translate(app, {
      text,
      source_language: 'eng_Latn',
      target_language: 'swh_Latn',
      glossary_id: id,
    });
    expect(withGlossary.statusCode).toBe(200);
    const translated = withGlossary.json().translated_text as string;
    expect(translated).toContain('zahanati');
    expect(translated).toContain('Sema');
    const without = (
      await translate(app, { text, source_language: 'eng_Latn', target_language: 'swh_Latn' })
    ).json();
    expect(without.translated_text).not.toContain('zahanati');

    // The request's own entries join the stored ones and win for the same term.
    const both = await translate(app, {
      text,
      source_language: 'eng_Latn',
      target_language: 'swh_Latn',
      glossary_id: id,
      glossary: { clinic: 'kliniki', nurses: 'wauguzi' },
    });
    expect(both.json().translated_text).toMatch(/kliniki[\s\S]*Sema[\s\S]*wauguzi/);

    const batch = await postJson(app, '/api/v1/translate/batch', {
      texts: ['The clinic.', 'Go to the clinic now.'],
      target_language: 'sw',
      glossary_id: id,
    });
    expect(batch.statusCode).toBe(200);
    for (const item of batch.json().translations) expect(item.translated_text).toContain('zahanati');
  });

  it('refuses a glossary for another pair, an unknown id, and bad glossaries, saying why', async () => {
    const { id } = (await create(app, CLINIC)).json();
    const mismatch = await translate(app, {
      text: 'The clinic.',
      source_language: 'eng_Latn',
      target_language: 'fra_Latn',
      glossary_id: id,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({
      code: 'GLOSSARY_MISMATCH',
      detail: 'glossary_id: the glossary "Clinic" is for eng_Latn → swh_Latn, not eng_Latn → fra_Latn',
    });
    for (const unknown of ['00000000-0000-4000-8000-000000000000', "'; DROP TABLE glossaries; --", '']) {
      const response = await translate(app, {
        text: 'Hi there.',
        target_language: 'fra_Latn',
        glossary_id: unknown,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('GLOSSARY_NOT_FOUND');
    }

    const refusals: [object, string][] = [
      [{ ...CLINIC, source_language: 'auto' }, 'source_language: a glossary needs a language, not auto'],
      [{ ...CLINIC, target_language: 'en' }, 'target_language: must differ from source_language'],
      [{ ...CLINIC, name: '  ' }, 'name: a glossary needs a name'],
      [{ ...CLINIC, entries: {} }, 'entries: a glossary needs at least one entry'],
      [{ ...CLINIC, entries: 'clinic zahanati' }, 'entries line 1: no tab between term and translation'],
      [{ ...CLINIC, source_language: 'xx_Fake' }, 'Unsupported language: xx_Fake'],
    ];
    for (const [payload, detail] of refusals) {
      const response = await create(app, payload);
      expect(response.statusCode, detail).toBe(422);
      expect(response.json().detail).toContain(detail);
    }
    expect((await create(app, { name: 'x' })).statusCode).toBe(422);
  });

  it('translates a document with glossary_id, and refuses one for another pair', async () => {
    const { id } = (await create(app, CLINIC)).json();
    const post = (target: string) => {
      const form = new FormData();
      form.append('file', new Blob(['The clinic is open.\nSema is here.\n']), 'notes.txt');
      form.append('source_language', 'en');
      form.append('target_language', target);
      form.append('glossary_id', id);
      const request = new Request('http://sema/', { method: 'POST', body: form });
      return request.arrayBuffer().then((body) =>
        postJson(app, '/api/v1/translate/document', Buffer.from(body), {
          'content-type': request.headers.get('content-type')!,
          accept: 'application/json',
        }),
      );
    };
    const translated = await post('sw');
    expect(translated.statusCode).toBe(200);
    expect(translated.json().text).toMatch(/zahanati[\s\S]*Sema/);
    const mismatch = await post('fr');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().code).toBe('GLOSSARY_MISMATCH');
  });

  it('keeps glossaries in the file across a restart', async () => {
    const { id } = (await create(app, { ...CLINIC, name: 'Kept' })).json();
    await app.close();
    app = await buildTestApp({ SEMA_GLOSSARY_DB: file });
    const read = await app.inject({ method: 'GET', url: `/api/v1/glossaries/${id}` });
    expect(read.json()).toMatchObject({ name: 'Kept', entries: CLINIC.entries });
  });
});

describe.skipIf(!REDIS_SERVER)('stored glossaries, in Redis (REDIS_URL)', () => {
  const redis = redisForSuite();
  const apps = appsOnRedis(redis, 3);

  it('a glossary made through one process is used by the other, and deleted for both', async () => {
    const [a, b] = apps as [App, App];
    const { id } = (await create(a, CLINIC)).json();
    expect((await b.inject({ method: 'GET', url: '/api/v1/glossaries' })).json().glossaries).toHaveLength(1);
    const translated = await translate(b, {
      text: 'Where is the clinic?',
      source_language: 'en',
      target_language: 'sw',
      glossary_id: id,
    });
    expect(translated.json().translated_text).toContain('zahanati');
    expect((await b.inject({ method: 'DELETE', url: `/api/v1/glossaries/${id}` })).statusCode).toBe(204);
    expect((await a.inject({ method: 'GET', url: `/api/v1/glossaries/${id}` })).statusCode).toBe(404);
  });

  it('answers 503 while Redis is away, and works again when it is back', async () => {
    const [a] = apps as [App];
    await redis.stop();
    const down = await a.inject({ method: 'GET', url: '/api/v1/glossaries' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      code: 'GLOSSARIES_UNAVAILABLE',
      detail: 'Glossaries are unavailable right now; try again shortly',
    });
    await redis.start();
    await expect
      .poll(async () => (await a.inject({ method: 'GET', url: '/api/v1/glossaries' })).statusCode, {
        timeout: 10_000,
      })
      .toBe(200);
  }, 30_000);
});
