import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanguagesResponse } from '@sema/shared/api/schemas';
import { POPULAR_CODES } from '@sema/shared/languages/catalogue';
import type { App } from '../../../../app.ts';
import { buildTestApp } from '../../../../../test/build-test-app.ts';
import { acceptedEncoding } from '../../../../lib/http/precompressed.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as T };
}

describe('GET /api/v1/languages', () => {
  it('lists all 202 languages with name, native name, region and script', async () => {
    const { status, body } = await getJson<LanguagesResponse>('/api/v1/languages');
    expect(status).toBe(200);
    expect(body.total_count).toBe(202);
    expect(Object.keys(body.languages)).toHaveLength(202);
    expect(body.languages.swh_Latn).toMatchObject({ name: 'Swahili', region: 'Africa', script: 'Latn' });
    expect(body.languages.cmn_Hans?.script).toBe('Hans');
    expect(body.languages.zho_Hans).toBeUndefined();
  });

  it('lists the popular set of the spec', async () => {
    const { body } = await getJson<LanguagesResponse>('/api/v1/languages/popular');
    expect(Object.keys(body.languages).sort()).toEqual([...POPULAR_CODES].sort());
    expect(body.total_count).toBe(12);
  });

  it('filters by region ignoring case', async () => {
    const lower = await getJson<LanguagesResponse>('/api/v1/languages/region/africa');
    const upper = await getJson<LanguagesResponse>('/api/v1/languages/region/AFRICA');
    expect(lower.status).toBe(200);
    expect(lower.body).toEqual(upper.body);
    expect(lower.body.languages.swh_Latn).toBeDefined();
    expect(lower.body.languages.deu_Latn).toBeUndefined();
  });

  it('lists every language spoken in a region, not only those whose home it is', async () => {
    const americas = await getJson<LanguagesResponse>('/api/v1/languages/region/americas');
    for (const code of ['eng_Latn', 'spa_Latn', 'por_Latn', 'fra_Latn', 'quy_Latn', 'grn_Latn']) {
      expect(americas.body.languages[code], code).toBeDefined();
    }
    // Each keeps its home region.
    expect(americas.body.languages.spa_Latn).toMatchObject({ region: 'Europe' });
    const oceania = await getJson<LanguagesResponse>('/api/v1/languages/region/oceania');
    expect(oceania.body.languages.smo_Latn).toBeDefined();
    expect(oceania.body.languages.eng_Latn).toBeDefined();
    const africa = await getJson<LanguagesResponse>('/api/v1/languages/region/africa');
    const visiting = Object.entries(africa.body.languages)
      .filter(([, language]) => language.region !== 'Africa')
      .map(([code]) => code);
    expect(visiting.sort()).toEqual(['ara_Arab', 'eng_Latn', 'fra_Latn', 'por_Latn', 'spa_Latn']);
  });

  it('answers an unknown region with 404 listing the regions', async () => {
    const { status, body } = await getJson<{ detail: string; code: string }>(
      '/api/v1/languages/region/atlantis',
    );
    expect(status).toBe(404);
    expect(body.code).toBe('NOT_FOUND');
    expect(body.detail).toContain('Africa, Americas, Asia, Europe, Oceania');
  });

  it('searches name, native name and code ignoring case and accents', async () => {
    const byName = await getJson<LanguagesResponse>('/api/v1/languages/search?q=SWAHILI');
    expect(byName.body.languages.swh_Latn).toBeDefined();
    const byNative = await getJson<LanguagesResponse>('/api/v1/languages/search?q=francais');
    expect(byNative.body.languages.fra_Latn).toBeDefined();
    const byCode = await getJson<LanguagesResponse>('/api/v1/languages/search?q=yor_');
    expect(Object.keys(byCode.body.languages)).toEqual(['yor_Latn']);
    const byScript = await getJson<LanguagesResponse>(
      '/api/v1/languages/search?q=' + encodeURIComponent('日本語'),
    );
    expect(byScript.body.languages.jpn_Jpan).toBeDefined();
  });

  it('answers an empty search with an empty map', async () => {
    const { status, body } = await getJson<LanguagesResponse>('/api/v1/languages/search?q=zzzzzz');
    expect(status).toBe(200);
    expect(body).toEqual({ languages: {}, total_count: 0 });
  });

  it.each(['', 'a', ' a ', '%20'])(
    'rejects the query %j as too short, 422 like every invalid field',
    async (q) => {
      const { status, body } = await getJson<{ detail: string }>(`/api/v1/languages/search?q=${q}`);
      expect(status).toBe(422);
      expect(body.detail).toBe('Search query must be at least 2 characters');
    },
  );

  it('answers one language, also by alias, and 404 for an unknown code', async () => {
    expect((await getJson('/api/v1/languages/swh_Latn')).body).toMatchObject({
      code: 'swh_Latn',
      name: 'Swahili',
    });
    expect((await getJson('/api/v1/languages/zho_Hans')).body).toMatchObject({ code: 'cmn_Hans' });
    expect((await getJson('/api/v1/languages/fas_Arab')).body).toMatchObject({ code: 'pes_Arab' });
    // The codes the rest of the API takes: LibreTranslate/BCP 47 tags and any case.
    expect((await getJson('/api/v1/languages/sw')).body).toMatchObject({ code: 'swh_Latn' });
    expect((await getJson('/api/v1/languages/zh-Hant')).body).toMatchObject({ code: 'cmn_Hant' });
    expect((await getJson('/api/v1/languages/fra_latn')).body).toMatchObject({ code: 'fra_Latn' });
    const missing = await getJson<{ detail: string }>('/api/v1/languages/xxx_Latn');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toContain('xxx_Latn');
  });
});

describe("the language list's version", () => {
  it('is named by /status, and a client holding it gets 304 without a body', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/languages' });
    const { version } = first.json() as LanguagesResponse;
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(first.headers.etag).toBe(`W/"${version}"`);
    const status = (await app.inject({ method: 'GET', url: '/api/v1/status' })).json();
    expect(status.languages_version).toBe(version);

    const again = await app.inject({
      method: 'GET',
      url: '/api/v1/languages',
      headers: { 'if-none-match': `"older", W/"${version}"`, 'accept-encoding': 'br' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await app.inject({
      method: 'GET',
      url: '/api/v1/languages',
      headers: { 'if-none-match': 'W/"0000000000000000"' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().total_count).toBe(202);
  });
});

describe('GET /api/v1/languages compressed', () => {
  const raw = async (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/api/v1/languages',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends brotli or gzip as the client accepts, the same JSON once decoded, and says it varies', async () => {
    const plain = await raw();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.rawPayload;
    const brotli = await raw('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(brotli.rawPayload)).toEqual(json);
    // A phone's first fetch: well under a third of the bytes.
    expect(brotli.rawPayload.length).toBeLessThan(json.length / 3);
    const gzip = await raw('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload)).toEqual(json);
    expect((await raw('identity')).headers['content-encoding']).toBeUndefined();
  });
});

describe('acceptedEncoding', () => {
  it('reads weights, refusals and the wildcard', () => {
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding('gzip, br')).toBe('br');
    expect(acceptedEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(acceptedEncoding('BR;q=0, gzip;q=0')).toBeUndefined();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBeUndefined();
  });
});
