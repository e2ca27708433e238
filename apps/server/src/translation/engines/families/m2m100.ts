/**
 * M2M-100 (418M, 1.2B) and SMaLL-100: one architecture (`m2m_100`, as NLLB's), a 128k SentencePiece
 * vocabulary and `__fr__` language tokens for 100 languages. They frame rows differently:
 * M2M-100 reads `[__source__, …tokens, </s>]` and its decoder is forced to write `__target__`
 * after `</s>`; SMaLL-100 reads the target in the source, `[__target__, …tokens, </s>]`, and its
 * decoder chooses from the first token on.
 */
import { M2M100Tokenizer } from '@huggingface/transformers';
import { isM2m100Architecture, type ModelDescriptor, type ModelFamily } from './model-family.ts';
import { bothWays, languageTokens, specialTokens } from './served-languages.ts';

const M2M_TOKEN = /^__([a-z]{2,3})__$/;

const MIT = {
  id: 'MIT',
  terms: 'any use, with the copyright notice',
  url: 'https://opensource.org/license/mit',
} as const;

/** SMaLL-100 ships its own tokenizer class (`SMALL100Tokenizer`), or says so in its name. */
function isSmall100({ config, tokenizerConfig, name }: ModelDescriptor): boolean {
  const named = `${tokenizerConfig.tokenizer_class ?? ''} ${config._name_or_path ?? ''} ${name}`;
  return /small-?100/i.test(named);
}

const m2mLanguages = (tokenizer: Parameters<ModelFamily['languages']>[0]) =>
  bothWays(languageTokens(specialTokens(tokenizer), (token) => M2M_TOKEN.exec(token)?.[1]));

export const m2m100Family: ModelFamily = {
  id: 'm2m100',
  name: 'M2M-100',
  licence: MIT,
  tokenizerClass: M2M100Tokenizer,
  detect: (model) =>
    isM2m100Architecture(model.config) &&
    (model.tokenizerConfig.tokenizer_class ?? model.config.tokenizer_class) === 'M2M100Tokenizer' &&
    !isSmall100(model),
  languages: m2mLanguages,
  sourcePrefix: (source) => (source === null ? [] : [source]),
  forcedPrefix: (target) => (target === null ? [] : [target]),
};

export const small100Family: ModelFamily = {
  id: 'small100',
  name: 'SMaLL-100',
  licence: MIT,
  // Its tokenizer.json is M2M-100's; transformers.js has no class of its own for it.
  tokenizerClass: M2M100Tokenizer,
  detect: (model) => isM2m100Architecture(model.config) && isSmall100(model),
  languages: m2mLanguages,
  sourcePrefix: (_source, target) => (target === null ? [] : [target]),
  forcedPrefix: () => [],
};
