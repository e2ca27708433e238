import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TINY_NLLB } from '../../testing/tiny-nllb.ts';
import { MAX_SOURCE_TOKENS, type ModelTokenizer } from './model-tokenizer.ts';
import { nllbTokenizers } from './nllb.ts';

describe('the NLLB tokenizer adapter, on the tiny model', () => {
  let tokenizer: ModelTokenizer;
  let eos: number;
  beforeAll(async () => {
    tokenizer = await nllbTokenizers.load({ kind: 'folder', path: TINY_NLLB, label: 'tiny' });
    // The model's own end token, from its config (not from the adapter under test).
    const config = JSON.parse(fs.readFileSync(path.join(TINY_NLLB, 'config.json'), 'utf8')) as {
      eos_token_id: number;
    };
    eos = config.eos_token_id;
  });

  it('knows language tokens by the model’s codes, and only special tokens as languages', () => {
    const french = tokenizer.languageToken('fra_Latn');
    expect(french).toBeTypeOf('number');
    expect(tokenizer.specialIds).toContain(french);
    expect(tokenizer.languageToken('xxx_Latn')).toBeUndefined();
    expect(tokenizer.targetPrefix(french!)).toEqual([french]);
  });

  it('frames a sentence as [source language, …tokens, </s>], an empty one too', () => {
    const english = tokenizer.languageToken('eng_Latn')!;
    const ids = tokenizer.encode('Hello world.');
    expect(ids.length).toBeGreaterThan(0);
    expect(tokenizer.sourceRows(ids, english)).toEqual([{ ids: [english, ...ids, eos], piece: ids }]);
    expect(tokenizer.sourceRows([], english)).toEqual([{ ids: [english, eos], piece: [] }]);
    expect(tokenizer.specialIds).toContain(eos);
  });

  it(`cuts a long sentence into rows of at most ${MAX_SOURCE_TOKENS} tokens, losing none`, () => {
    const english = tokenizer.languageToken('eng_Latn')!;
    const ids = tokenizer.encode('the river and the fox '.repeat(300));
    expect(ids.length).toBeGreaterThan(2 * MAX_SOURCE_TOKENS);
    const rows = tokenizer.sourceRows(ids, english);
    expect(rows).toHaveLength(Math.ceil(ids.length / MAX_SOURCE_TOKENS));
    for (const row of rows) {
      expect(row.ids.length).toBeLessThanOrEqual(MAX_SOURCE_TOKENS + 2);
      expect(row.ids).toEqual([english, ...row.piece, eos]);
    }
    expect(rows.flatMap((row) => row.piece)).toEqual(ids);
  });

  it('decodes without special tokens', () => {
    const english = tokenizer.languageToken('eng_Latn')!;
    const text = tokenizer.decode([english, ...tokenizer.encode('Hello world.'), eos]);
    expect(text).toBe(tokenizer.decode(tokenizer.encode('Hello world.')));
    expect(text).not.toMatch(/eng_Latn|<\/s>/);
  });
});
