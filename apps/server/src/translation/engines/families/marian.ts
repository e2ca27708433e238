/**
 * OPUS-MT (Marian): models for one pair (`opus-mt-en-fr`: no language tokens, the pair is the
 * model's name) or one source and several targets, chosen by a `>>fra<<` token at the head of the
 * source row. A row is `[>>target<<?, …tokens, </s>]`; the decoder starts from the padding token
 * and chooses from the first token on.
 */
import { MarianTokenizer } from '@huggingface/transformers';
import type { LanguageToken, ModelDescriptor, ModelFamily, ServedLanguages } from './model-family.ts';
import { catalogueCodeOf, languageTokens } from './served-languages.ts';

const TARGET_TOKEN = /^>>([a-z]{2,3}(?:_[A-Z][a-z]{3})?)<<$/;

/**
 * `opus-mt-en-fr`, `Xenova/opus-mt-tc-big-en-fr` → `['en', 'fr']` (the model's own codes); undefined
 * for a name that is not an OPUS-MT pair's. The configuration reads it too, to refuse a pair model
 * configured for another pair before anything is downloaded.
 */
export function pairOfName(name: string): [string, string] | undefined {
  const match = /opus-mt-(?:tc-[a-z]+-)?([A-Za-z_]+)-([A-Za-z_]+)$/.exec(name.replace(/\/+$/, ''));
  return match ? [match[1]!, match[2]!] : undefined;
}

function marianLanguages(
  tokenizer: Parameters<ModelFamily['languages']>[0],
  model: ModelDescriptor,
): ServedLanguages {
  const pair = pairOfName(model.config._name_or_path ?? '') ?? pairOfName(model.name);
  const source = pair && catalogueCodeOf(pair[0]);
  if (!pair || !source) {
    throw new Error(
      `cannot tell which language the OPUS-MT model '${model.name}' translates from: its name (or config.json's _name_or_path) should be opus-mt-SOURCE-TARGET`,
    );
  }
  const sources = new Map<string, LanguageToken>([[source, null]]);
  const targetTokens = languageTokens(tokenizer.get_vocab(), (token) => TARGET_TOKEN.exec(token)?.[1]);
  if (targetTokens.size > 0) return { sources, targets: targetTokens };
  const target = catalogueCodeOf(pair[1]);
  if (!target)
    throw new Error(
      `the OPUS-MT model '${model.name}' translates into '${pair[1]}', which Sema does not offer`,
    );
  return { sources, targets: new Map([[target, null]]) };
}

export const marianFamily: ModelFamily = {
  id: 'marian',
  name: 'OPUS-MT',
  licence: {
    id: 'CC-BY-4.0',
    terms: 'any use, with attribution',
    url: 'https://creativecommons.org/licenses/by/4.0/',
  },
  tokenizerClass: MarianTokenizer,
  detect: ({ config, tokenizerConfig }) =>
    config.model_type === 'marian' || tokenizerConfig.tokenizer_class === 'MarianTokenizer',
  languages: marianLanguages,
  sourcePrefix: (_source, target) => (target === null ? [] : [target]),
  forcedPrefix: () => [],
};
