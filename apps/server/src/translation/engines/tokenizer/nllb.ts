/**
 * The NLLB-200 family's tokenizer: SentencePiece through transformers.js, language tokens named as
 * the model's codes (`eng_Latn`), rows framed `[source language, …tokens, </s>]`, output started
 * with the target language's token.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  AutoTokenizer,
  NllbTokenizer,
  type PreTrainedTokenizer,
  type ProgressInfo,
} from '@huggingface/transformers';
import type { ModelSource } from '../model-source.ts';
import { useSource } from '../transformers-source.ts';
import { sourcePieces, type ModelTokenizer, type TokenizerFamily } from './model-tokenizer.ts';

export const nllbTokenizers: TokenizerFamily = {
  name: 'nllb',
  async load(source, onProgress) {
    return new NllbModelTokenizer(await loadNllbTokenizer(source, onProgress));
  },
};

class NllbModelTokenizer implements ModelTokenizer {
  readonly specialIds: readonly number[];
  private readonly eos: number;

  constructor(private readonly tokenizer: PreTrainedTokenizer) {
    this.specialIds = tokenizer.all_special_ids;
    const [eos] = tokenizer.convert_tokens_to_ids(['</s>']) as (number | undefined)[];
    this.eos = eos ?? 2;
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

  languageToken(modelCode: string): number | undefined {
    const [id] = this.tokenizer.convert_tokens_to_ids([modelCode]) as (number | undefined)[];
    return id !== undefined && this.tokenizer.all_special_tokens.includes(modelCode) ? id : undefined;
  }

  sourceRows(ids: readonly number[], sourceLanguage: number) {
    return sourcePieces(ids).map((piece) => ({ ids: [sourceLanguage, ...piece, this.eos], piece }));
  }

  targetPrefix(targetLanguage: number): number[] {
    return [targetLanguage];
  }
}

/**
 * An NLLB tokenizer's two JSON files, downloaded into the cache when missing (with progress).
 * From a folder they are read here: transformers.js remembers for the life of the process that a
 * file was missing, so a folder filled after a failed attempt would never load.
 */
async function loadNllbTokenizer(
  source: ModelSource,
  onProgress?: (info: ProgressInfo) => void,
): Promise<PreTrainedTokenizer> {
  if (source.kind === 'hub') return fromHub(useSource(source), onProgress);
  const read = (file: string) => {
    const full = path.join(source.path, file);
    if (!fs.existsSync(full)) throw new Error(`${full} is missing`);
    return JSON.parse(fs.readFileSync(full, 'utf8')) as Record<string, unknown>;
  };
  return new NllbTokenizer(read('tokenizer.json'), read('tokenizer_config.json'));
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
