import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetectResponse } from '@sema/shared/api/schemas';
import type { App } from '../../../../app.ts';
import { buildTestApp } from '../../../../../test/build-test-app.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const detect = (text: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/detect-language',
    payload: { text } as Record<string, unknown>,
  });

describe('POST /api/v1/detect-language', () => {
  it('answers the contract with a catalogue code and its names', async () => {
    const response = await detect(
      'Bonjour tout le monde, comment allez-vous aujourd’hui ? Je vais très bien, merci.',
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<DetectResponse>();
    expect(body.detected_language).toBe('fra_Latn');
    expect(body.language_name).toBe('French');
    expect(body.native_name).toBe('français');
    expect(body.confidence).toBeGreaterThan(0);
    expect(body.confidence).toBeLessThanOrEqual(1);
    expect(Array.isArray(body.alternatives)).toBe(true);
  });

  it('answers catalogue codes for languages the model names differently', async () => {
    expect(
      (await detect('مرحبا بكم في هذا الموقع، نتمنى لكم يوما سعيدا مع أصدقائكم وعائلاتكم.')).json()
        .detected_language,
    ).toBe('ara_Arab');
    expect((await detect('我们今天去公园散步，天气非常好。')).json().detected_language).toBe('cmn_Hans');
  });

  it.each(['', '   ', '\n\t '])('rejects blank text %j with the spec message', async (text) => {
    const response = await detect(text);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: 'Text cannot be empty', code: 'VALIDATION_ERROR' });
  });

  it.each(['12345 678', '😀🎉👍', '!!! ??? ...'])(
    'refuses %j, which has no letters, instead of guessing',
    async (text) => {
      const response = await detect(text);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 'NO_LETTERS',
        detail: 'Cannot detect a language: the text has no letters (only digits, symbols or emoji)',
      });
    },
  );

  it.each([
    ['Thaana', 'ދިވެހިބަސް އަކީ ރާއްޖޭގެ ބަހެވެ'],
    ['Cherokee', 'ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ 123'],
  ])('refuses %s, whose script no catalogue language uses, and says so', async (_script, text) => {
    const response = await detect(text);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_SCRIPT',
      detail: 'Cannot detect a language: no supported language is written in this script',
    });
  });

  it('copes with lone surrogates, emoji and right-to-left text', async () => {
    const lone = await app.inject({
      method: 'POST',
      url: '/api/v1/detect-language',
      headers: { 'content-type': 'application/json' },
      payload: '{"text":"hello \\ud800 world, how are you today my friend"}',
    });
    expect(lone.statusCode).toBe(200);
    const hebrew = await detect('שלום לכולם, מה שלומכם היום? 😀');
    expect(hebrew.statusCode).toBe(200);
    expect(hebrew.json().detected_language).toBe('heb_Hebr');
  });

  it('refuses text over the limit with 413', async () => {
    const response = await detect('a '.repeat(3000));
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toMatch(/limit is 5000/);
  });
});
