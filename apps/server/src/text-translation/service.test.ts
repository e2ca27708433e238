/**
 * The text-translation service as other services call it (chat next): one text or many, `auto`
 * detected per text with its confidence, a request's own glossary, markup, alternatives, and
 * refusals as data a surface can word in its own protocol.
 */
import { OPEN_TENANT } from '../lib/tenant.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { TextRefusalError, type TextRefusal } from './refusals.ts';
import type { TextTranslationRequest } from './service.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
}, 60_000);
afterAll(() => app?.close());

async function refusalOf(request: TextTranslationRequest): Promise<TextRefusal> {
  const error = await app.textTranslation.prepare(request).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TextRefusalError);
  return (error as TextRefusalError).refusal;
}

describe('app.textTranslation', () => {
  it('translates texts under auto, each detected on its own, as the pipeline does', async () => {
    const texts = [
      'Good morning, my friend. The children are going to school.',
      'Habari za asubuhi, rafiki yangu.',
    ];
    const results = await app.textTranslation.translate({ texts, source: 'auto', target: 'fra_Latn' });
    expect(results.map((result) => [result.source, result.detected])).toEqual([
      ['eng_Latn', true],
      ['swh_Latn', true],
    ]);
    for (const result of results) {
      expect(result.confidence).toBeGreaterThan(0.5);
      expect(result.confidence).toBeLessThanOrEqual(1);
      expect(result).not.toHaveProperty('alternatives');
    }
    expect(results[0]!.text).toBe(
      await app.translation.translate({ text: texts[0]!, source: 'eng_Latn', target: 'fra_Latn' }),
    );
  });

  it('counts the characters to charge before any work, and keeps a given source at confidence 1', async () => {
    const prepared = await app.textTranslation.prepare({
      texts: ['Thank you.', 'Good night.'],
      source: 'eng_Latn',
      target: 'deu_Latn',
    });
    expect(prepared.characters).toBe('Thank you.'.length + 'Good night.'.length);
    expect(prepared.items.map((item) => [item.source, item.detected, item.confidence])).toEqual([
      ['eng_Latn', false, 1],
      ['eng_Latn', false, 1],
    ]);
    expect(await prepared.run()).toHaveLength(2);
  });

  it("applies the request's own glossary, keeps markup, and finds alternatives for plain text", async () => {
    const [withGlossary] = await app.textTranslation.translate({
      texts: 'Where is the clinic?',
      source: 'eng_Latn',
      target: 'swh_Latn',
      glossary: { entries: { clinic: 'zahanati' }, tenant: OPEN_TENANT },
    });
    expect(withGlossary!.text).toContain('zahanati');

    const [html] = await app.textTranslation.translate({
      texts: '<p>Good morning, <b>my friend</b>.</p>',
      source: 'auto',
      target: 'fra_Latn',
      markup: { format: 'html' },
    });
    expect(html!.source).toBe('eng_Latn');
    expect(html!.text.match(/<[^>]+>/g)).toEqual(['<p>', '<b>', '</b>', '</p>']);

    const [plain] = await app.textTranslation.translate({
      texts: 'Hello.',
      source: 'eng_Latn',
      target: 'fra_Latn',
      alternatives: 2,
    });
    expect(plain!.alternatives!.length).toBeLessThanOrEqual(2);
    expect(plain!.alternatives).not.toContain(plain!.text);
  });

  it('refuses with the reason as data, naming the text in a list by its index', async () => {
    const base = { source: 'auto', target: 'fra_Latn' } as const;
    expect(await refusalOf({ ...base, texts: ['Good morning.', '12345'] })).toEqual({
      kind: 'undetectable',
      why: expect.objectContaining({ code: 'NO_LETTERS' }),
      index: 1,
    });
    expect(await refusalOf({ ...base, texts: '12345' })).toEqual({
      kind: 'undetectable',
      why: expect.objectContaining({ code: 'NO_LETTERS' }),
    });
    expect(await refusalOf({ ...base, texts: [] })).toEqual({ kind: 'no-texts' });
    expect(await refusalOf({ ...base, texts: 'x'.repeat(5001) })).toEqual({
      kind: 'too-long',
      length: 5001,
      limit: 5000,
    });
    expect(await refusalOf({ ...base, texts: 'Hi.', alternatives: 4 })).toEqual({
      kind: 'alternatives-range',
      asked: 4,
      limit: 3,
    });
    expect(
      await refusalOf({ ...base, texts: '<b>Hi.</b>', alternatives: 1, markup: { format: 'html' } }),
    ).toEqual({ kind: 'alternatives-format' });
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`term${i}`, `t${i}`]));
    expect(
      await refusalOf({ ...base, texts: 'Hi.', glossary: { entries: many, tenant: OPEN_TENANT } }),
    ).toEqual({
      kind: 'glossary-invalid',
      problem: 'at most 100 terms (got 101)',
    });
  });
});
