/**
 * A model's tokenizer as its family reads it: SentencePiece through transformers.js (the class the
 * family names), languages mapped to catalogue codes, rows framed `[family prefix, …tokens, </s>]`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  AutoTokenizer,
  env,
  LogLevel,
  type PreTrainedTokenizer,
  type ProgressInfo,
} from '@huggingface/transformers';
import { resolveLanguage } from '@sema/shared/languages/catalogue';
import { detectFamily } from '../families/detect.ts';
import type {
  LanguageToken,
  ModelConfigJson,
  ModelDescriptor,
  ModelFamily,
  ServedLanguages,
} from '../families/model-family.ts';
import { recordManifest, TOKENIZER_FILES } from '../model-inventory.ts';
import { cachedModelFolder, type ModelSource } from '../model-source.ts';
import { useSource } from '../transformers-source.ts';
import { compactPieces, withoutTrie, type CompactPieces } from './compact-pieces.ts';
import {
  sourcePieces,
  UnservedLanguageError,
  type ModelTokenizer,
  type SourceRow,
} from './model-tokenizer.ts';

class FamilyTokenizer implements ModelTokenizer {
  readonly specialIds: readonly number[];
  readonly languages: ServedLanguages;
  readonly compactPieces: CompactPieces;
  private readonly eos: number;

  constructor(
    readonly family: ModelFamily,
    private readonly tokenizer: PreTrainedTokenizer,
    model: ModelDescriptor,
  ) {
    this.specialIds = tokenizer.all_special_ids;
    const [eos] = tokenizer.convert_tokens_to_ids(['</s>']) as (number | undefined)[];
    this.eos = eos ?? model.config.eos_token_id ?? 2;
    this.languages = family.languages(tokenizer, model);
    this.compactPieces = compactPieces(tokenizer);
  }

  get vocabularySize(): number {
    return this.tokenizer.get_vocab().size;
  }

  encode(text: string): number[] {
    return this.tokenizer.encode(text, { add_special_tokens: false });
  }

  decode(ids: readonly number[]): string {
    return this.tokenizer.decode(ids as number[], { skip_special_tokens: true }).trim();
  }

  sourceRows(ids: readonly number[], source: string, target: string): SourceRow[] {
    const prefix = this.family.sourcePrefix(this.token('source', source), this.token('target', target));
    return sourcePieces(ids).map((piece) => ({ ids: [...prefix, ...piece, this.eos], piece }));
  }

  targetPrefix(target: string): number[] {
    return this.family.forcedPrefix(this.token('target', target));
  }

  private token(side: 'source' | 'target', code: string): LanguageToken {
    const served = side === 'source' ? this.languages.sources : this.languages.targets;
    // An alias (`zho_Hans` for `cmn_Hans`) names its catalogue language.
    const token = served.get(code) ?? served.get(resolveLanguage(code)?.code ?? code);
    if (token === undefined) throw new UnservedLanguageError(side, code, this.family.name);
    return token;
  }
}

/**
 * Loads a model's tokenizer (downloading its files into the cache when missing, with progress)
 * and tells its family from its config.json and tokenizer_config.json.
 */
export async function loadModelTokenizer(
  source: ModelSource,
  onProgress?: (info: ProgressInfo) => void,
): Promise<ModelTokenizer> {
  if (source.kind === 'hub') {
    const folder = cachedModelFolder(source);
    const downloads = TOKENIZER_FILES.filter((file) => !fs.existsSync(path.join(folder, file)));
    const tokenizer = await makeTokenizer(() => fromHub(useSource(source), onProgress));
    await recordManifest(folder, downloads);
    const model = {
      config: readJson(cachedModelFolder(source), 'config.json', false) as ModelConfigJson,
      tokenizerConfig: tokenizer.config as ModelDescriptor['tokenizerConfig'],
      name: source.id,
    };
    return new FamilyTokenizer(detectFamily(model), tokenizer, model);
  }
  // From a folder the files are read here: transformers.js remembers for the life of the process
  // that a file was missing, so a folder filled after a failed attempt would never load.
  const json = readJson(source.path, 'tokenizer.json', true);
  const model: ModelDescriptor = {
    // A tokenizer-only folder (the kserve engine's) may have no config.json.
    config: readJson(source.path, 'config.json', false) as ModelConfigJson,
    tokenizerConfig: readJson(source.path, 'tokenizer_config.json', true),
    name: path.basename(source.path),
  };
  const family = detectFamily(model);
  const tokenizer = await makeTokenizer(() => new family.tokenizerClass(json, model.tokenizerConfig));
  return new FamilyTokenizer(family, tokenizer, model);
}

/**
 * How the engine makes a tokenizer with transformers.js: without its warnings, and without the trie
 * `compactPieces` replaces (compact-pieces.ts), so that it is never built.
 */
function makeTokenizer<T>(make: () => T | Promise<T>): Promise<T> {
  return withoutTokenizerWarnings(() => withoutTrie(make));
}

/**
 * Runs `make` with transformers.js's warnings off: its MarianTokenizer (OPUS-MT) warns on every
 * start, on stderr and past our log, that Hugging Face's "fast" tokenizers lack it, which no
 * operator can act on (our families are checked token for token against transformers.js itself).
 * Its errors still show.
 */
async function withoutTokenizerWarnings<T>(make: () => T | Promise<T>): Promise<T> {
  const level = env.logLevel;
  env.logLevel = Math.max(level ?? LogLevel.WARNING, LogLevel.ERROR);
  try {
    return await make();
  } finally {
    env.logLevel = level;
  }
}

function readJson(folder: string, file: string, required: boolean): Record<string, unknown> {
  const full = path.join(folder, file);
  if (!fs.existsSync(full)) {
    if (required) throw new Error(`${full} is missing`);
    return {};
  }
  return JSON.parse(fs.readFileSync(full, 'utf8')) as Record<string, unknown>;
}

async function fromHub(
  reference: string,
  progress_callback?: (info: ProgressInfo) => void,
): Promise<PreTrainedTokenizer> {
  try {
    return await AutoTokenizer.from_pretrained(reference, { progress_callback });
  } catch (error) {
    // A missing tokenizer_config.json surfaces as a TypeError deep inside transformers.js.
    if (error instanceof TypeError && !/fetch failed/.test(error.message)) {
      throw new Error(
        'the tokenizer files (tokenizer.json, tokenizer_config.json) are missing or unreadable',
        { cause: error },
      );
    }
    throw error;
  }
}
