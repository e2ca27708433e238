import { describe, expect, it } from 'vitest';
import { ConfigError } from './fields.ts';
import { parsePairModels } from './pair-models.ts';
import { loadConfig } from './read.ts';

const parse = (raw: string) => parsePairModels(raw, 'SEMA_PAIR_MODELS');

describe('SEMA_PAIR_MODELS', () => {
  it('reads catalogue codes and BCP 47 tags, hyphens inside tags included', () => {
    expect(parse('eng_Latn-fra_Latn=Xenova/opus-mt-en-fr, de-en = ./models/opus-mt-de-en')).toEqual([
      { source: 'eng_Latn', target: 'fra_Latn', model: 'Xenova/opus-mt-en-fr' },
      { source: 'deu_Latn', target: 'eng_Latn', model: './models/opus-mt-de-en' },
    ]);
    expect(parse('zh-Hans-en=Xenova/opus-mt-zh-en')).toEqual([
      { source: 'cmn_Hans', target: 'eng_Latn', model: 'Xenova/opus-mt-zh-en' },
    ]);
  });

  it('refuses, naming the entry: no model, unknown codes, a repeated pair, a language into itself', () => {
    expect(() => parse('en-fr')).toThrow(/entry 1 \('en-fr'\) must look like SOURCE-TARGET=MODEL/);
    expect(() => parse('en-fr=a/b,xx-fr=a/c')).toThrow(/entry 2 .*'xx-fr' is not two languages Sema offers/);
    expect(() => parse('en-fr=a/b,eng_Latn-fra_Latn=a/c')).toThrow(/repeats the pair eng_Latn→fra_Latn/);
    expect(() => parse('en-en=a/b')).toThrow(/translates eng_Latn into itself/);
    expect(() => parse('en-fr=a/b')).not.toThrow();
    expect(() => parse('en')).toThrow(ConfigError);
  });

  it('refuses an OPUS-MT model whose name says another pair, before any download', () => {
    expect(() => parse('en-de=Xenova/opus-mt-en-fr')).toThrow(
      /Xenova\/opus-mt-en-fr translates into fra_Latn, not deu_Latn/,
    );
    expect(() => parse('de-fr=Xenova/opus-mt-en-fr')).toThrow(/translates from eng_Latn, not deu_Latn/);
    // A multi-target model names a group, not a language: its tokens tell at load.
    expect(() => parse('en-fr=Helsinki-NLP/opus-mt-en-ROMANCE')).not.toThrow();
  });

  it('is empty by default, with pivoting off', () => {
    const config = loadConfig({});
    expect(config.translation).toMatchObject({ engine: 'builtin', pairModels: [], pivot: 'off' });
    expect(() => loadConfig({ SEMA_PAIR_MODELS: 'en-xx=a/b' })).toThrow(/SEMA_PAIR_MODELS: entry 1/);
  });
});
