/**
 * DeepL's API v3 (languages per resource, multilingual glossaries with a dictionary per pair) and
 * DeepL's `{message}` errors on every DeepL path, driven by deepl-node's DeepLClient (its v3
 * glossary methods) and by the requests Weblate's current DeepL machinery sends
 * (weblate/machinery/deepl.py: `/v3/languages?resource=translate_text` and `=glossary`, JSON
 * create, list, PUT dictionaries, PATCH name, delete, `/v2/translate` with the glossary's id).
 */
import * as deepl from 'deepl-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SERVER } from '@sema/testkit/redis';
import { listenDuringTests, listenOn } from './build-test-app.ts';
import { appsOnRedis, redisForSuite } from './redis-suite.ts';

const served = listenDuringTests({ SEMA_RATE_LIMIT: '1000/minute' });
let client: deepl.DeepLClient;

beforeAll(async () => {
  client = new deepl.DeepLClient('any-key:fx', { serverUrl: served.base, maxRetries: 0 });
}, 60_000);

/** A request as Weblate's `self.request` sends it: JSON, the DeepL key header. */
async function weblate(method: string, path: string, json?: unknown) {
  const response = await fetch(`${served.base}${path}`, {
    method,
    headers: {
      Authorization: 'DeepL-Auth-Key any-key:fx',
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

interface V3Language {
  lang: string;
  usable_as_source: boolean;
  usable_as_target: boolean;
  features: Record<string, unknown>;
}

describe('DeepL v3 languages', () => {
  it('lists the languages of translate_text as Weblate reads them: sources, targets, no formality', async () => {
    const { status, body } = await weblate('GET', '/v3/languages?resource=translate_text');
    expect(status).toBe(200);
    const languages = body as V3Language[];
    const sources = new Set(
      languages.filter((item) => item.usable_as_source).map((item) => item.lang.toUpperCase()),
    );
    const targets = new Set(
      languages.filter((item) => item.usable_as_target).map((item) => item.lang.toUpperCase()),
    );
    expect(sources).toContain('EN');
    expect(sources).toContain('SW');
    expect(targets).toContain('EN-GB');
    expect(targets).toContain('PT-BR');
    expect(targets).toContain('DE');
    expect(targets).not.toContain('EN');
    // v3 writes BCP 47 (`en-GB`, `zh-Hans`) with features as an object; formality is nowhere.
    expect(languages.find((item) => item.lang === 'en-GB')).toMatchObject({ usable_as_target: true });
    expect(languages.some((item) => item.lang === 'zh-Hans')).toBe(true);
    expect(languages.every((item) => !('formality' in item.features))).toBe(true);
    expect(languages.find((item) => item.lang === 'de')!.features).toHaveProperty('glossary');
  });

  it('lists glossary languages, answers other resources with none, and refuses an unknown one', async () => {
    const glossary = (await weblate('GET', '/v3/languages?resource=glossary')).body as V3Language[];
    expect(glossary.length).toBe(202);
    expect(glossary.every((item) => item.usable_as_source && item.usable_as_target)).toBe(true);
    expect((await weblate('GET', '/v3/languages?resource=write')).body).toEqual([]);
    expect(await weblate('GET', '/v3/languages?resource=nonsense')).toEqual({
      status: 400,
      body: { message: "Value for 'resource' not supported." },
    });
    expect(await weblate('GET', '/v3/languages')).toEqual({
      status: 400,
      body: { message: "Parameter 'resource' not specified." },
    });
    const resources = (await weblate('GET', '/v3/languages/resources')).body as { name: string }[];
    expect(resources.map((resource) => resource.name)).toEqual([
      'translate_text',
      'translate_document',
      'glossary',
    ]);
  });
});

describe('DeepL v3 multilingual glossaries, through deepl-node', () => {
  it('makes a glossary of two dictionaries, reads, uses, changes and deletes them', async () => {
    const made = await client.createMultilingualGlossary('Clinic', [
      {
        sourceLangCode: 'en',
        targetLangCode: 'sw',
        entries: new deepl.GlossaryEntries({ entries: { clinic: 'zahanati' } }),
      },
      {
        sourceLangCode: 'en',
        targetLangCode: 'fr',
        entries: new deepl.GlossaryEntries({ entries: { clinic: 'dispensaire', Sema: 'Sema' } }),
      },
    ]);
    expect(made.name).toBe('Clinic');
    // As made: the first dictionary first (the glossary's id is its id).
    expect(made.dictionaries).toEqual([
      { sourceLangCode: 'en', targetLangCode: 'sw', entryCount: 1 },
      { sourceLangCode: 'en', targetLangCode: 'fr', entryCount: 2 },
    ]);
    expect((await client.getMultilingualGlossary(made.glossaryId)).dictionaries[0]!.targetLangCode).toBe(
      'sw',
    );
    expect((await client.getMultilingualGlossary(made.glossaryId)).dictionaries).toHaveLength(2);
    const listed = await client.listMultilingualGlossaries();
    expect(listed.filter((glossary) => glossary.glossaryId === made.glossaryId)).toHaveLength(1);

    const french = await client.getMultilingualGlossaryDictionaryEntries(made, 'en', 'fr');
    expect(french.entries.entries()).toEqual({ clinic: 'dispensaire', Sema: 'Sema' });

    // One id, the dictionary of each pair: into Swahili with the Swahili one, into French with the French one.
    const sw = 'sw' as deepl.TargetLanguageCode;
    const swahili = await client.translateText('The clinic.', 'en', sw, { glossary: made });
    expect(swahili.text).toContain('zahanati');
    const fr = await client.translateText('The clinic.', 'en', 'fr', { glossary: made.glossaryId });
    expect(fr.text).toContain('dispensaire');
    // A pair the glossary has no dictionary of is refused, in DeepL's shape.
    await expect(client.translateText('The clinic.', 'en', 'de', { glossary: made })).rejects.toThrow(
      /not the requested language pair/,
    );

    // PATCH merges a dictionary's entries (and adds a pair); PUT replaces one whole.
    await client.updateMultilingualGlossaryDictionary(made, {
      sourceLangCode: 'en',
      targetLangCode: 'fr',
      entries: new deepl.GlossaryEntries({ entries: { nurse: 'infirmière' } }),
    });
    const merged = await client.getMultilingualGlossaryDictionaryEntries(made, 'en', 'fr');
    expect(merged.entries.entries()).toEqual({ clinic: 'dispensaire', Sema: 'Sema', nurse: 'infirmière' });
    const replaced = await client.replaceMultilingualGlossaryDictionary(made, {
      sourceLangCode: 'en',
      targetLangCode: 'de',
      entries: new deepl.GlossaryEntries({ entries: { clinic: 'Klinik' } }),
    });
    expect(replaced).toEqual({ sourceLangCode: 'en', targetLangCode: 'de', entryCount: 1 });
    const renamed = await client.updateMultilingualGlossaryName(made, 'Health');
    expect(renamed.name).toBe('Health');
    expect(renamed.dictionaries.map((dictionary) => dictionary.targetLangCode).sort()).toEqual([
      'de',
      'fr',
      'sw',
    ]);

    await client.deleteMultilingualGlossaryDictionary(made, 'en', 'sw');
    await expect(client.getMultilingualGlossaryDictionaryEntries(made, 'en', 'sw')).rejects.toThrow(
      deepl.GlossaryNotFoundError,
    );
    // The glossary keeps its id when its first dictionary goes.
    expect((await client.getMultilingualGlossary(made.glossaryId)).dictionaries).toHaveLength(2);

    await client.deleteMultilingualGlossary(made);
    await expect(client.getMultilingualGlossary(made.glossaryId)).rejects.toThrow(
      deepl.GlossaryNotFoundError,
    );
    // Every dictionary is gone from the store, not only from the list.
    expect((await served.app.glossaries.listAll()).filter((info) => info.name === 'Health')).toEqual([]);
  });

  it('a v2 glossary is a v3 glossary of one dictionary with the same id', async () => {
    const v2 = await client.createGlossary(
      'Two',
      'en',
      'fr',
      new deepl.GlossaryEntries({ entries: { clinic: 'dispensaire' } }),
    );
    const v3 = await client.getMultilingualGlossary(v2.glossaryId);
    expect(v3.dictionaries).toEqual([{ sourceLangCode: 'en', targetLangCode: 'fr', entryCount: 1 }]);
    await client.deleteMultilingualGlossary(v2.glossaryId);
    await expect(client.getGlossary(v2.glossaryId)).rejects.toThrow(deepl.GlossaryNotFoundError);
  });
});

describe("Weblate's DeepL machinery, its requests replayed", () => {
  it('creates a glossary, finds it by name, translates with it, updates it stale, deletes it', async () => {
    const name = 'weblate:1:EN:FR:abc';
    const dictionary = (tsv: string) => ({
      source_lang: 'en',
      target_lang: 'fr',
      entries: tsv,
      entries_format: 'tsv',
    });
    const created = await weblate('POST', '/v3/glossaries', {
      name,
      dictionaries: [dictionary('clinic\tdispensaire')],
    });
    expect(created.status).toBe(201);
    const list = (await weblate('GET', '/v3/glossaries')).body as {
      glossaries: { name: string; glossary_id: string; creation_time: string }[];
    };
    const found = list.glossaries.find((glossary) => glossary.name === name)!;
    expect(Number.isNaN(Date.parse(found.creation_time))).toBe(false);

    const translated = await weblate('POST', '/v2/translate', {
      text: ['The clinic <x id="4"></x> is open.'],
      source_lang: 'EN',
      target_lang: 'FR',
      formality: 'default',
      tag_handling: 'xml',
      ignore_tags: ['x'],
      glossary_id: found.glossary_id,
    });
    expect(translated.status).toBe(200);
    const text = (translated.body as { translations: { text: string }[] }).translations[0]!.text;
    expect(text).toContain('dispensaire');
    expect(text).toContain('<x id="4"></x>');

    // A stale glossary is updated in place: its dictionary replaced, then its name.
    const put = await weblate(
      'PUT',
      `/v3/glossaries/${found.glossary_id}/dictionaries`,
      dictionary('clinic\tclinique\nnurse\tinfirmière'),
    );
    expect(put).toEqual({ status: 200, body: { source_lang: 'en', target_lang: 'fr', entry_count: 2 } });
    const patched = await weblate('PATCH', `/v3/glossaries/${found.glossary_id}`, {
      name: 'weblate:1:EN:FR:def',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'weblate:1:EN:FR:def', dictionaries: [{ entry_count: 2 }] });

    expect((await weblate('DELETE', `/v3/glossaries/${found.glossary_id}`)).status).toBe(204);
    // Deleting it again is the 404 Weblate takes for "does not exist".
    expect(await weblate('DELETE', `/v3/glossaries/${found.glossary_id}`)).toEqual({
      status: 404,
      body: { message: 'Glossary not found.' },
    });
  });

  it('reads quota and other errors from `message` on every DeepL path, unknown ones included', async () => {
    for (const [method, path] of [
      ['GET', '/v3/no-such-thing'],
      ['GET', '/v2/no-such-thing'],
      ['POST', '/v3/glossaries/00000000-0000-4000-8000-000000000000/nothing'],
      ['GET', '/v3'],
    ] as const) {
      const response = await weblate(method, path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual({ message: `Not found: ${method} ${path}` });
    }
    const wrongMethod = await weblate('GET', '/v2/translate');
    expect(wrongMethod.status).toBe(405);
    expect(Object.keys(wrongMethod.body as object)).toEqual(['message']);
    expect(await weblate('GET', '/v3/glossaries/not-an-id')).toEqual({
      status: 404,
      body: { message: 'Glossary not found.' },
    });
    expect(await weblate('POST', '/v3/glossaries', { name: 'x', dictionaries: [] })).toEqual({
      status: 400,
      body: { message: "Parameter 'dictionaries' not specified." },
    });
    // Our own API keeps its own shape.
    expect((await weblate('GET', '/api/v1/no-such-thing')).body).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe.skipIf(!REDIS_SERVER)('DeepL v3 glossaries with REDIS_URL', () => {
  const redis = redisForSuite();
  const nodes = appsOnRedis(redis, 5);

  it('keeps a glossary and its dictionaries whole across nodes', async () => {
    const [one, two] = await Promise.all(nodes.map(async (node) => (await listenOn(node)).base));
    const [made, seen] = [one!, two!].map(
      (url) => new deepl.DeepLClient('any-key:fx', { serverUrl: url, maxRetries: 0 }),
    );
    const glossary = await made!.createMultilingualGlossary('Shared', [
      {
        sourceLangCode: 'en',
        targetLangCode: 'fr',
        entries: new deepl.GlossaryEntries({ entries: { a: 'b' } }),
      },
      {
        sourceLangCode: 'en',
        targetLangCode: 'de',
        entries: new deepl.GlossaryEntries({ entries: { c: 'd' } }),
      },
    ]);
    expect((await seen!.getMultilingualGlossary(glossary.glossaryId)).dictionaries).toHaveLength(2);
    const german = await seen!.getMultilingualGlossaryDictionaryEntries(glossary, 'en', 'de');
    expect(german.entries.entries()).toEqual({ c: 'd' });
    await seen!.deleteMultilingualGlossary(glossary);
    await expect(made!.getMultilingualGlossary(glossary.glossaryId)).rejects.toThrow(
      deepl.GlossaryNotFoundError,
    );
  });
});
