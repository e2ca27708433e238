/**
 * NLLB-200: 202 languages, tokens named as our catalogue codes (`fra_Latn`). A row is
 * `[source language, …tokens, </s>]`; the decoder starts from `</s>` and is forced to write the
 * target language first.
 */
import { NllbTokenizer } from '@huggingface/transformers';
import { fromModelCode } from '@sema/shared/languages/catalogue';
import { isM2m100Architecture, type ModelFamily } from './model-family.ts';
import { bothWays, languageTokens, specialTokens } from './served-languages.ts';

const NLLB_CODE = /^[a-z]{3}_[A-Z][a-z]{3}$/;

export const nllbFamily: ModelFamily = {
  id: 'nllb',
  name: 'NLLB-200',
  licence: {
    id: 'CC-BY-NC-4.0',
    terms: 'non-commercial use only',
    url: 'https://creativecommons.org/licenses/by-nc/4.0/',
  },
  tokenizerClass: NllbTokenizer,
  detect: ({ config, tokenizerConfig }) =>
    isM2m100Architecture(config) &&
    (tokenizerConfig.tokenizer_class ?? config.tokenizer_class) === 'NllbTokenizer',
  languages: (tokenizer) =>
    bothWays(
      languageTokens(specialTokens(tokenizer), (token) =>
        NLLB_CODE.test(token) ? fromModelCode(token) : undefined,
      ),
    ),
  sourcePrefix: (source) => (source === null ? [] : [source]),
  forcedPrefix: (target) => (target === null ? [] : [target]),
};
