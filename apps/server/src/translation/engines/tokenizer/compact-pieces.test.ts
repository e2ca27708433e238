import fs from 'node:fs';
import path from 'node:path';
import {
  M2M100Tokenizer,
  MarianTokenizer,
  NllbTokenizer,
  type PreTrainedTokenizer,
} from '@huggingface/transformers';
import { describe, expect, it } from 'vitest';
import { TINY_M2M100, TINY_OPUS_MT_EN_FR } from '../../testing/tiny-models.ts';
import { TINY_NLLB } from '../../testing/tiny-nllb.ts';
import { compactPieces, PieceIndex, withoutTrie } from './compact-pieces.ts';
import { loadModelTokenizer } from './family-tokenizer.ts';

const readJson = (folder: string, file: string) =>
  JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Record<string, unknown>;

type TokenizerClass = new (json: object, config: object) => PreTrainedTokenizer;
/** transformers.js's own tokenizer of a folder, as it builds it (its trie and tables whole). */
const plain = (Class: TokenizerClass, folder: string, json = readJson(folder, 'tokenizer.json')) =>
  new Class(json, readJson(folder, 'tokenizer_config.json'));

/** Every UDHR paragraph of the detector's test file (167 languages, 24 scripts), and hard cases. */
const TEXTS = [
  ...fs
    .readFileSync(
      new URL('../../../../scripts/detector-training/data/udhr-test.tsv', import.meta.url),
      'utf8',
    )
    .trim()
    .split('\n')
    .map((line) => line.split('\t')[1]!),
  'Ça va? «Oui» & <b>non</b> — l\'été #42 "quoted"',
  'Emoji 👩🏽‍💻 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 astral letters, 漢字かな交じり, עברית, العربية',
  '',
  '   ',
];

/**
 * A Unigram tokenizer.json whose pieces are pieces of UDHR words (1–8 characters, every script),
 * scored by a seeded hash: large and varied enough that lattices have many paths to choose from.
 */
function udhrUnigram(count: number) {
  const pieces = new Map<string, number>();
  let seed = 7;
  const score = () => -((seed = (seed * 1103515245 + 12345) % 2147483648) % 1000) / 100;
  for (const text of TEXTS.filter((_, i) => i % 3 === 0)) {
    for (const word of text.split(/\s+/)) {
      const chars = [...`\u2581${word}`];
      for (let start = 0; start < chars.length && pieces.size < count; start++) {
        for (let length = 1; length <= 8 && start + length <= chars.length; length++) {
          const piece = chars.slice(start, start + length).join('');
          if (!pieces.has(piece)) pieces.set(piece, score() - length * 0.1);
        }
      }
    }
  }
  const unk = { id: 0, content: '<unk>', single_word: false, lstrip: false, rstrip: false };
  return {
    added_tokens: [{ ...unk, normalized: false, special: true }],
    normalizer: null,
    pre_tokenizer: { type: 'Metaspace', replacement: '\u2581', prepend_scheme: 'always', split: true },
    post_processor: null,
    decoder: { type: 'Metaspace', replacement: '\u2581', prepend_scheme: 'always', split: true },
    model: { type: 'Unigram', unk_id: 0, byte_fallback: false, vocab: [['<unk>', 0], ...pieces] },
  };
}

const encode = (tokenizer: PreTrainedTokenizer, text: string) =>
  tokenizer.encode(text, { add_special_tokens: false });

describe('compactPieces: the tokenizer without its trie', () => {
  const families: [string, TokenizerClass, string][] = [
    ['NLLB-200', NllbTokenizer as unknown as TokenizerClass, TINY_NLLB],
    ['M2M-100', M2M100Tokenizer as unknown as TokenizerClass, TINY_M2M100],
    ['OPUS-MT', MarianTokenizer as unknown as TokenizerClass, TINY_OPUS_MT_EN_FR],
  ];

  it.each(families)(
    'gives the same tokens as transformers.js, %s, on the UDHR in every language',
    async (_, Class, folder) => {
      const theirs = plain(Class, folder);
      const ours = await loadModelTokenizer({ kind: 'folder', path: folder, label: 'tiny' });
      expect(ours.compactPieces).toEqual({ on: true });
      expect(TEXTS.length).toBeGreaterThan(2_800);
      const differing = TEXTS.filter(
        (text) => JSON.stringify(ours.encode(text)) !== JSON.stringify(encode(theirs, text)),
      );
      expect(differing).toEqual([]);
    },
  );

  it('gives the same tokens on a vocabulary of 60,000 pieces cut from the UDHR in every script', () => {
    const json = udhrUnigram(60_000);
    const theirs = plain(NllbTokenizer as unknown as TokenizerClass, TINY_NLLB, structuredClone(json));
    const ours = plain(NllbTokenizer as unknown as TokenizerClass, TINY_NLLB, json);
    expect(compactPieces(ours)).toEqual({ on: true });
    const differing = TEXTS.filter(
      (text) => JSON.stringify(encode(ours, text)) !== JSON.stringify(encode(theirs, text)),
    );
    expect(differing).toEqual([]);
    // Most of the text is read as pieces of several characters, not letter by letter.
    const tokens = TEXTS.slice(0, 300).flatMap((text) => encode(ours, text));
    expect(tokens.length).toBeLessThan(TEXTS.slice(0, 300).join('').length / 2);
  });

  it('lets go of the trie and of the tokenizer.json it kept', () => {
    const json = readJson(TINY_NLLB, 'tokenizer.json') as { model: { vocab: unknown[] } };
    const tokenizer = plain(NllbTokenizer as unknown as TokenizerClass, TINY_NLLB, json);
    const pieces = json.model.vocab.length;
    expect(pieces).toBeGreaterThan(300);
    expect(compactPieces(tokenizer)).toEqual({ on: true });
    const model = (tokenizer as unknown as { _tokenizer: { model: { trie: unknown } } })._tokenizer.model;
    expect(model.trie).toBeInstanceOf(PieceIndex);
    expect(json.model.vocab).toEqual([]);
    // Decoding reads the model's own list, which stays.
    expect(tokenizer.decode(encode(tokenizer, 'Hello world'))).toBe(
      plain(NllbTokenizer as unknown as TokenizerClass, TINY_NLLB).decode(encode(tokenizer, 'Hello world')),
    );
  });

  it("keeps the trie's own pieces when an added token is not one of them, and still gives the same tokens", () => {
    // An added token beyond the pieces goes into the map the index would read, never into the trie.
    const json = readJson(TINY_NLLB, 'tokenizer.json') as {
      model: { vocab: [string, number][] };
      added_tokens: Record<string, unknown>[];
    };
    const id = json.model.vocab.length;
    json.added_tokens.push({
      id,
      content: 'zqx',
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: true,
      special: false,
    });
    const theirs = plain(NllbTokenizer as unknown as TokenizerClass, TINY_NLLB, structuredClone(json));
    const ours = plain(NllbTokenizer as unknown as TokenizerClass, TINY_NLLB, json);
    expect(compactPieces(ours)).toEqual({ on: true });
    const index = (ours as unknown as { _tokenizer: { model: { trie: PieceIndex } } })._tokenizer.model.trie;
    // "zqx" would be found only if the index read the map: the trie never had it.
    expect([...index.common_prefix_search([...'zqx'])]).not.toContain('zqx');
    for (const text of ['Azqx, zqxzqx and zq x.', ...TEXTS.slice(0, 200)]) {
      expect(encode(ours, text), text).toEqual(encode(theirs, text));
    }
  });

  it('makes a tokenizer without building its trie, and the compacted one gives the same tokens', async () => {
    type Inner = {
      _tokenizer: { model: { trie: { skipped?: boolean; root: { children: Map<string, unknown> } } } };
    };
    const made = await withoutTrie(() => plain(NllbTokenizer as unknown as TokenizerClass, TINY_NLLB));
    const trie = (made as unknown as Inner)._tokenizer.model.trie;
    expect(trie.skipped).toBe(true);
    expect(trie.root.children.size).toBe(0);
    // Outside withoutTrie, tries are built again.
    const theirs = plain(NllbTokenizer as unknown as TokenizerClass, TINY_NLLB);
    expect((theirs as unknown as Inner)._tokenizer.model.trie.root.children.size).toBeGreaterThan(10);
    expect(compactPieces(made)).toEqual({ on: true });
    for (const text of TEXTS.slice(0, 400)) expect(encode(made, text), text).toEqual(encode(theirs, text));
  });

  it('builds a skipped trie after all when the tokenizer is not laid out as expected, and says so', async () => {
    const made = await withoutTrie(() => plain(NllbTokenizer as unknown as TokenizerClass, TINY_NLLB));
    delete (made as unknown as { _tokenizer: { added_tokens?: unknown } })._tokenizer.added_tokens;
    expect(compactPieces(made)).toEqual({
      on: false,
      why: "transformers.js's Unigram tokenizer does not keep its pieces where this version expects",
      unexpected: true,
    });
    const theirs = plain(NllbTokenizer as unknown as TokenizerClass, TINY_NLLB);
    for (const text of TEXTS.slice(0, 400)) expect(encode(made, text), text).toEqual(encode(theirs, text));
  });

  it('leaves a BPE tokenizer as it is, saying why (not as a failure)', () => {
    const json = {
      model: { type: 'BPE', vocab: { a: 0, b: 1, ab: 2, '<unk>': 3 }, merges: ['a b'], unk_token: '<unk>' },
      added_tokens: [],
      normalizer: null,
      pre_tokenizer: null,
      post_processor: null,
      decoder: null,
    };
    const tokenizer = plain(NllbTokenizer as unknown as TokenizerClass, TINY_NLLB, json);
    expect(compactPieces(tokenizer)).toEqual({
      on: false,
      why: "the tokenizer's model is BPE, not Unigram",
      unexpected: false,
    });
    expect(encode(tokenizer, 'ab')).toEqual([2]);
  });
});

describe('PieceIndex', () => {
  it('finds the pieces a text begins with, shortest first, counting astral characters as one', () => {
    const index = new PieceIndex(
      new Map(['▁', '▁a', '▁ab', '▁abc', 'b', '𝔘', '𝔘𝔫', 'x'].map((p, i) => [p, i])),
    );
    expect([...index.common_prefix_search([...'▁abcd'])]).toEqual(['▁', '▁a', '▁ab', '▁abc']);
    expect([...index.common_prefix_search([...'▁abcd'], 2)]).toEqual(['b']);
    expect([...index.common_prefix_search([...'𝔘𝔫𝔦'])]).toEqual(['𝔘', '𝔘𝔫']);
    expect([...index.common_prefix_search([...'zzz'])]).toEqual([]);
    expect([...index.common_prefix_search([], 0)]).toEqual([]);
  });
});
