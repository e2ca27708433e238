/**
 * `SEMA_PAIR_MODELS`: the pair models routed beside the main model, as a comma list of
 * `SOURCE-TARGET=MODEL` (`eng_Latn-fra_Latn=Xenova/opus-mt-en-fr`, or with BCP 47 tags:
 * `en-fr=Xenova/opus-mt-en-fr`, `zh-Hans-en=…`). The pair is written out rather than read from the
 * model, so that it is checked at start, before any download, and so that a multilingual model can
 * also be given one pair of its own. A code the catalogue does not know, a pair named twice, a
 * language to itself, or an OPUS-MT model whose name says another pair is refused here, named.
 */
import { resolveLanguageCode } from '@sema/shared/languages/codes';
import { catalogueCodeOf } from '../translation/engines/families/served-languages.ts';
import { pairOfName } from '../translation/engines/families/marian.ts';
import { ConfigError } from './fields.ts';

export interface PairModelConfig {
  /** Catalogue code. */
  source: string;
  /** Catalogue code. */
  target: string;
  /** Hub id or local folder, as the main model is given. */
  model: string;
}

/** Reads the list; an empty one means no routing at all. */
export function parsePairModels(raw: string, name: string): PairModelConfig[] {
  const seen = new Set<string>();
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry, index) => {
      const where = `${name}: entry ${index + 1} ('${entry}')`;
      const equals = entry.indexOf('=');
      const model = equals < 0 ? '' : entry.slice(equals + 1).trim();
      if (equals < 0 || model === '') {
        throw new ConfigError(
          `${where} must look like SOURCE-TARGET=MODEL, e.g. eng_Latn-fra_Latn=Xenova/opus-mt-en-fr`,
        );
      }
      const pair = readPair(entry.slice(0, equals).trim(), where);
      const key = `${pair.source}>${pair.target}`;
      if (seen.has(key)) throw new ConfigError(`${where} repeats the pair ${pair.source}→${pair.target}`);
      seen.add(key);
      refuseOtherPair(model, pair, where);
      return { ...pair, model };
    });
}

/**
 * `eng_Latn-fra_Latn`, `en-fr`, `zh-Hans-en`: tags hold hyphens too, so every hyphen is tried as the
 * split, and exactly one must give two catalogue languages.
 */
function readPair(text: string, where: string): { source: string; target: string } {
  const splits: { source: string; target: string }[] = [];
  for (let at = text.indexOf('-'); at > 0; at = text.indexOf('-', at + 1)) {
    const source = resolveLanguageCode(text.slice(0, at))?.code;
    const target = resolveLanguageCode(text.slice(at + 1))?.code;
    if (source && target) splits.push({ source, target });
  }
  if (splits.length === 0) {
    throw new ConfigError(
      `${where}: '${text}' is not two languages Sema offers, written SOURCE-TARGET (catalogue codes such as eng_Latn-fra_Latn, or tags such as en-fr; see docs/language-codes.md)`,
    );
  }
  if (splits.length > 1) {
    const read = splits.map(({ source, target }) => `${source}-${target}`).join(' or ');
    throw new ConfigError(`${where}: '${text}' reads as ${read}; write it with catalogue codes`);
  }
  const [pair] = splits as [{ source: string; target: string }];
  if (pair.source === pair.target) throw new ConfigError(`${where} translates ${pair.source} into itself`);
  return pair;
}

/** An OPUS-MT model is named after its pair: one named for another pair is a mistake. */
function refuseOtherPair(model: string, pair: { source: string; target: string }, where: string): void {
  const named = pairOfName(model);
  if (!named) return;
  const [source, target] = named.map(catalogueCodeOf);
  // A multi-target model (`opus-mt-en-ROMANCE`) names a group, not a language: its tokens tell.
  if (source !== undefined && source !== pair.source) {
    throw new ConfigError(`${where}: ${model} translates from ${source}, not ${pair.source}`);
  }
  if (target !== undefined && target !== pair.target) {
    throw new ConfigError(`${where}: ${model} translates into ${target}, not ${pair.target}`);
  }
}
