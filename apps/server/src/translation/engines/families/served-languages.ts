/**
 * Maps a model's own language codes (NLLB's `fra_Latn`, M2M-100's `fr`, OPUS-MT's `fra` or
 * `zho_Hans`) to catalogue codes through the shared code table, so every family's languages are
 * named as the API names them. Codes the catalogue has no language for are left out: the server
 * cannot offer them anyway.
 */
import { resolveLanguageCode } from '@sema/shared/languages/codes';
import type { LanguageToken, ServedLanguages } from './model-family.ts';

/** Model codes that are not ISO 639 codes (M2M-100's Northern Sotho is `ns`, ISO's `nso`). */
const NON_STANDARD: Readonly<Record<string, string>> = { ns: 'nso' };

/** The catalogue code for a model's language code, if the catalogue has that language. */
export function catalogueCodeOf(modelCode: string): string | undefined {
  return resolveLanguageCode(NON_STANDARD[modelCode] ?? modelCode)?.code;
}

/**
 * Catalogue code → token id for a model's language tokens; `codeOf` reads a token's language code
 * (undefined for a token that names none). The first token of a catalogue language wins.
 */
export function languageTokens(
  tokens: Iterable<[token: string, id: number]>,
  codeOf: (token: string) => string | undefined,
): Map<string, LanguageToken> {
  const byLanguage = new Map<string, LanguageToken>();
  for (const [token, id] of tokens) {
    const code = codeOf(token);
    const language = code === undefined ? undefined : catalogueCodeOf(code);
    if (language !== undefined && !byLanguage.has(language)) byLanguage.set(language, id);
  }
  return byLanguage;
}

/** A multilingual model: every language it has a token for, both ways. */
export function bothWays(tokens: Map<string, LanguageToken>): ServedLanguages {
  return { sources: tokens, targets: tokens };
}

/** The special tokens of a transformers.js tokenizer with their ids. */
export function specialTokens(tokenizer: {
  all_special_tokens: string[];
  all_special_ids: number[];
}): [string, number][] {
  return tokenizer.all_special_tokens.map((token, i) => [token, tokenizer.all_special_ids[i]!]);
}
