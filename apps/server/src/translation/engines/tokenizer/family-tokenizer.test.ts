import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TINY_NLLB } from '../../testing/tiny-nllb.ts';
import { loadModelTokenizer } from './family-tokenizer.ts';
import { MAX_SOURCE_TOKENS, UnservedLanguageError, type ModelTokenizer } from './model-tokenizer.ts';

describe('the tokenizer of an NLLB model, on the tiny model', () => {
  let tokenizer: ModelTokenizer;
  let eos: number;
  let english: number;
  let french: number;
  beforeAll(async () => {
    tokenizer = await loadModelTokenizer({ kind: 'folder', path: TINY_NLLB, label: 'tiny' });
    // The model's own ids, from its files (not from the code under test).
    const config = JSON.parse(fs.readFileSync(path.join(TINY_NLLB, 'config.json'), 'utf8')) as {
      eos_token_id: number;
    };
    eos = config.eos_token_id;
    const vocab = JSON.parse(fs.readFileSync(path.join(TINY_NLLB, 'tokenizer.json'), 'utf8')) as {
      added_tokens: { id: number; content: string }[];
    };
    const id = (token: string) => vocab.added_tokens.find((added) => added.content === token)!.id;
    english = id('eng_Latn');
    french = id('fra_Latn');
  });

  it('is the NLLB family and serves the catalogue languages both ways, Chinese by its catalogue code', () => {
    expect(tokenizer.family.id).toBe('nllb');
    expect(tokenizer.languages.sources.size).toBe(202);
    expect(tokenizer.languages.targets.get('fra_Latn')).toBe(french);
    expect(tokenizer.languages.targets.has('cmn_Hans')).toBe(true);
    expect(tokenizer.targetPrefix('fra_Latn')).toEqual([french]);
    expect(tokenizer.specialIds).toContain(french);
  });

  it('refuses a language the model does not serve, naming the side', () => {
    expect(() => tokenizer.targetPrefix('xxx_Latn')).toThrow(UnservedLanguageError);
    expect(() => tokenizer.sourceRows([5], 'xxx_Latn', 'fra_Latn')).toThrow(
      /does not translate from 'xxx_Latn'/,
    );
  });

  it('frames a sentence as [source language, …tokens, </s>], an empty one too', () => {
    const ids = tokenizer.encode('Hello world.');
    expect(ids.length).toBeGreaterThan(0);
    expect(tokenizer.sourceRows(ids, 'eng_Latn', 'fra_Latn')).toEqual([
      { ids: [english, ...ids, eos], piece: ids },
    ]);
    expect(tokenizer.sourceRows([], 'eng_Latn', 'fra_Latn')).toEqual([{ ids: [english, eos], piece: [] }]);
    expect(tokenizer.specialIds).toContain(eos);
  });

  it(`cuts a long sentence into rows of at most ${MAX_SOURCE_TOKENS} tokens, losing none`, () => {
    const ids = tokenizer.encode('the river and the fox '.repeat(300));
    expect(ids.length).toBeGreaterThan(2 * MAX_SOURCE_TOKENS);
    const rows = tokenizer.sourceRows(ids, 'eng_Latn', 'fra_Latn');
    expect(rows).toHaveLength(Math.ceil(ids.length / MAX_SOURCE_TOKENS));
    for (const row of rows) {
      expect(row.ids.length).toBeLessThanOrEqual(MAX_SOURCE_TOKENS + 2);
      expect(row.ids).toEqual([english, ...row.piece, eos]);
    }
    expect(rows.flatMap((row) => row.piece)).toEqual(ids);
  });

  it('decodes without special tokens', () => {
    const text = tokenizer.decode([english, ...tokenizer.encode('Hello world.'), eos]);
    expect(text).toBe(tokenizer.decode(tokenizer.encode('Hello world.')));
    expect(text).not.toMatch(/eng_Latn|<\/s>/);
  });
});

describe('the tokenizer of an OPUS-MT model, on the tiny model', () => {
  it("loads without transformers.js's raw warning about MarianTokenizer on stderr at every start", async () => {
    const folder = fileURLToPath(new URL('../../../../test/fixtures/tiny-opus-mt-en-fr', import.meta.url));
    const warn = vi.spyOn(console, 'warn');
    try {
      const tokenizer = await loadModelTokenizer({ kind: 'folder', path: folder, label: 'tiny opus' });
      expect(tokenizer.family.id).toBe('marian');
      const warned = warn.mock.calls.map((call) => call.join(' '));
      expect(warned.filter((line) => /MarianTokenizer/.test(line))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
