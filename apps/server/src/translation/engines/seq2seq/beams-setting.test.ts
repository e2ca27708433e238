import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../config/fields.ts';
import { loadConfig } from '../../../config/read.ts';
import { TINY_NLLB } from '../../testing/tiny-nllb.ts';
import { createEngine } from '../registry.ts';
import type { TranslationEngine } from '../types.ts';
import { resolveModelSource } from '../model-source.ts';
import { Seq2SeqModel } from './seq2seq-model.ts';

const SENTENCES = [
  'Hello world.',
  'How are you today, my friend?',
  'The quick brown fox jumps over the lazy dog near the river bank.',
];
const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('SEMA_TRANSLATION_BEAMS', () => {
  const translation = (env: Record<string, string>) => {
    const { translation } = loadConfig(env);
    return translation.engine === 'builtin' ? translation : undefined;
  };

  it('is a whole number from 1 to 8, 1 (greedy) by default', () => {
    expect(translation({})?.beams).toBe(1);
    expect(translation({ SEMA_TRANSLATION_BEAMS: '4' })?.beams).toBe(4);
    for (const bad of ['0', '9', '2.5', 'four']) {
      expect(() => loadConfig({ SEMA_TRANSLATION_BEAMS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ SEMA_TRANSLATION_BEAMS: bad })).toThrow(
        /SEMA_TRANSLATION_BEAMS must be a whole number from 1 to 8/,
      );
    }
  });

  it('reads the older names SEMA_NLLB_BEAMS and SEMA_NLLB_DTYPE when the new ones are unset, naming the one read in errors', () => {
    expect(translation({ SEMA_NLLB_BEAMS: '3' })?.beams).toBe(3);
    expect(translation({ SEMA_NLLB_BEAMS: '3', SEMA_TRANSLATION_BEAMS: '2' })?.beams).toBe(2);
    expect(translation({ SEMA_NLLB_DTYPE: 'fp32' })?.dtype).toBe('fp32');
    expect(translation({ SEMA_NLLB_DTYPE: 'fp32', SEMA_TRANSLATION_DTYPE: 'q4' })?.dtype).toBe('q4');
    expect(() => loadConfig({ SEMA_NLLB_BEAMS: 'four' })).toThrow(
      /^SEMA_NLLB_BEAMS must be a whole number from 1 to 8/,
    );
    expect(() => loadConfig({ SEMA_NLLB_DTYPE: 'fp64' })).toThrow(/^SEMA_NLLB_DTYPE must be one of q8, fp32/);
  });

  describe('set to 4, through the engine and its model process', () => {
    let engine: TranslationEngine;
    let inProcess: { beams: string[]; greedy: string[] };

    beforeAll(async () => {
      const config = loadConfig({ SEMA_TRANSLATION_MODEL: TINY_NLLB, SEMA_TRANSLATION_BEAMS: '4' });
      engine = createEngine(config.translation, config.models, { log: silent });
      const source = resolveModelSource(TINY_NLLB, { cacheDir: '/nonexistent' });
      const translate = async (beams: number) => {
        const model = await Seq2SeqModel.load({ source, dtype: 'q8', threads: 1, beams });
        try {
          return (await model.translate(SENTENCES, 'eng_Latn', 'fra_Latn')).translations;
        } finally {
          await model.dispose();
        }
      };
      inProcess = { beams: await translate(4), greedy: await translate(1) };
      await engine.whenReady();
    });
    afterAll(() => engine?.close());

    it('translates with beam search, batched exactly as one by one', async () => {
      const batched = await engine.translate(SENTENCES, 'eng_Latn', 'fra_Latn');
      expect(batched).toEqual(inProcess.beams);
      expect(batched).not.toEqual(inProcess.greedy);
      const single = [];
      for (const sentence of SENTENCES)
        single.push(...(await engine.translate([sentence], 'eng_Latn', 'fra_Latn')));
      expect(single).toEqual(batched);
    });

    it('gives an n-best list: the best of 4 beams first, then others, all different', async () => {
      const lists = await engine.alternatives!(SENTENCES, 'eng_Latn', 'fra_Latn', 3);
      expect(lists).toHaveLength(SENTENCES.length);
      lists.forEach((list, i) => {
        // `count + 1` = 4 beams: its best is the 4-beam translation.
        expect(list[0]).toBe(inProcess.beams[i]);
        expect(list.length).toBeGreaterThan(1);
        expect(list.length).toBeLessThanOrEqual(3);
        expect(new Set(list).size).toBe(list.length);
      });
    });

    it('keeps beam translations apart from greedy ones in the translation cache', () => {
      expect(engine.modelId).toMatch(/:beams4$/);
      const config = loadConfig({ SEMA_NLLB_MODEL: TINY_NLLB });
      const greedy = createEngine(config.translation, config.models, { log: silent });
      expect(greedy.modelId).not.toMatch(/beams/);
      return greedy.close();
    });
  });
});
