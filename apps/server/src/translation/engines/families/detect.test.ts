import { M2M100Tokenizer, MarianTokenizer } from '@huggingface/transformers';
import { describe, expect, it } from 'vitest';
import { detectFamily, FAMILIES } from './detect.ts';
import type { ModelDescriptor } from './model-family.ts';

const model = (
  config: ModelDescriptor['config'],
  tokenizerClass?: string,
  name = 'some-model',
): ModelDescriptor => ({ config, tokenizerConfig: { tokenizer_class: tokenizerClass }, name });

describe('model families', () => {
  it('tells the family from config.json model_type and the tokenizer class', () => {
    expect(detectFamily(model({ model_type: 'm2m_100' }, 'NllbTokenizer')).id).toBe('nllb');
    expect(detectFamily(model({ model_type: 'm2m_100' }, 'M2M100Tokenizer')).id).toBe('m2m100');
    expect(detectFamily(model({ model_type: 'm2m_100' }, 'SMALL100Tokenizer')).id).toBe('small100');
    expect(detectFamily(model({ model_type: 'm2m_100' }, 'M2M100Tokenizer', 'alirezamsh/small100')).id).toBe(
      'small100',
    );
    expect(detectFamily(model({ model_type: 'marian' }, 'MarianTokenizer')).id).toBe('marian');
    // A tokenizer-only folder (no config.json) goes by its tokenizer class.
    expect(detectFamily(model({}, 'NllbTokenizer')).id).toBe('nllb');
  });

  it('refuses another architecture, saying what it found and what it runs', () => {
    expect(() => detectFamily(model({ model_type: 't5' }, 'T5Tokenizer'))).toThrow(
      /model_type 't5' with tokenizer 'T5Tokenizer'.*NLLB-200.*OPUS-MT/,
    );
  });

  it('gives each family its published licence with a link', () => {
    const licences = Object.fromEntries(FAMILIES.map((family) => [family.id, family.licence.id]));
    expect(licences).toEqual({ nllb: 'CC-BY-NC-4.0', m2m100: 'MIT', small100: 'MIT', marian: 'CC-BY-4.0' });
    for (const family of FAMILIES) expect(family.licence.url).toMatch(/^https:\/\//);
  });

  it('frames rows and forced tokens as each family reads them', () => {
    const [nllb, m2m100, small100, marian] = FAMILIES as [(typeof FAMILIES)[0], ...typeof FAMILIES];
    const source = 10;
    const target = 20;
    expect([nllb.sourcePrefix(source, target), nllb.forcedPrefix(target)]).toEqual([[10], [20]]);
    expect([m2m100!.sourcePrefix(source, target), m2m100!.forcedPrefix(target)]).toEqual([[10], [20]]);
    expect([small100!.sourcePrefix(source, target), small100!.forcedPrefix(target)]).toEqual([[20], []]);
    expect([marian!.sourcePrefix(null, target), marian!.forcedPrefix(target)]).toEqual([[20], []]);
    expect([marian!.sourcePrefix(null, null), marian!.forcedPrefix(null)]).toEqual([[], []]);
  });
});

/** A transformers.js tokenizer over a vocabulary, enough for the language lists. */
function tokenizerOf(
  Class: typeof M2M100Tokenizer | typeof MarianTokenizer,
  tokens: string[],
  special: string[],
) {
  const vocab = [...special, ...tokens];
  return new Class(
    {
      version: '1.0',
      added_tokens: special.map((content, id) => ({ id, content, special: true, normalized: false })),
      model: { type: 'Unigram', unk_id: 1, vocab: vocab.map((token) => [token, 0]) },
      normalizer: null,
      post_processor: null,
      pre_tokenizer: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
      decoder: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
    },
    { eos_token: '</s>', unk_token: '<unk>', pad_token: '<pad>' },
  );
}

describe('the languages a model serves, in catalogue codes', () => {
  it('maps M2M-100 tokens (__fr__, __zh__, __ns__) to catalogue codes, leaving out what the catalogue lacks', () => {
    const family = FAMILIES.find((candidate) => candidate.id === 'm2m100')!;
    const tokenizer = tokenizerOf(
      M2M100Tokenizer,
      ['▁a'],
      ['</s>', '<unk>', '<pad>', '__fr__', '__zh__', '__ns__', '__br__'],
    );
    const { sources, targets } = family.languages(
      tokenizer,
      model({ model_type: 'm2m_100' }, 'M2M100Tokenizer'),
    );
    expect([...targets]).toEqual([
      ['fra_Latn', 3],
      ['cmn_Hans', 4],
      ['nso_Latn', 5],
    ]);
    expect(sources).toBe(targets);
  });

  it('reads an OPUS-MT pair model’s pair from its name, and a multi-target model’s targets from its >>xxx<< tokens', () => {
    const family = FAMILIES.find((candidate) => candidate.id === 'marian')!;
    const pair = tokenizerOf(MarianTokenizer, ['▁a'], ['</s>', '<unk>', '<pad>']);
    const served = family.languages(
      pair,
      model({ model_type: 'marian' }, 'MarianTokenizer', 'Xenova/opus-mt-en-fr'),
    );
    expect([...served.sources]).toEqual([['eng_Latn', null]]);
    expect([...served.targets]).toEqual([['fra_Latn', null]]);
    const multi = tokenizerOf(
      MarianTokenizer,
      ['>>fra<<', '>>por<<', '>>zho_Hant<<', '▁a'],
      ['</s>', '<unk>', '<pad>'],
    );
    const many = family.languages(
      multi,
      model({ model_type: 'marian', _name_or_path: 'Helsinki-NLP/opus-mt-en-ROMANCE' }, 'MarianTokenizer'),
    );
    expect([...many.targets]).toEqual([
      ['fra_Latn', 3],
      ['por_Latn', 4],
      ['cmn_Hant', 5],
    ]);
    expect(() =>
      family.languages(pair, model({ model_type: 'marian' }, 'MarianTokenizer', 'my-model')),
    ).toThrow(/opus-mt-SOURCE-TARGET/);
  });
});
