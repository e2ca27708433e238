/**
 * A Unigram tokenizer's pieces looked up in the map it already has, instead of transformers.js's trie.
 *
 * transformers.js's Unigram model finds the pieces that start at each position of a word with a
 * trie of one object and one `Map` per character of every piece, and the tokenizer keeps its parsed
 * tokenizer.json (every piece and score again) for good. For NLLB-200's 256,204 pieces the
 * tokenizer held 140 MB of the model process's heap, 45 MB without them (the synthetic NLLB-600M
 * tokenizer as the engine loads it): the largest part of the model process that is not weights.
 *
 * The trie's pieces are all keys of the model's `tokens_to_ids` map. Looking each prefix up there,
 * shortest first, up to the longest piece that begins with its first character, yields the same
 * pieces in the same order as the trie's `common_prefix_search`, so the lattice and every token
 * are the same (tests compare both on the UDHR in every language it has). Where the map holds more
 * than the pieces (an added token that is not one), a set of the pieces is kept instead. Anything
 * not laid out as expected (a BPE model, another transformers.js) keeps the trie and says why.
 *
 * The trie is not even built (`withoutTrie`): built and dropped, it was ~100 MB of garbage at the
 * moment the model process's memory peaks, while the decoder opens.
 */
import { PreTrainedTokenizer } from '@huggingface/transformers';

/** What compacting did: `why` says why the tokenizer keeps transformers.js's own tables. */
export type CompactPieces = { on: true } | { on: false; why: string; unexpected: boolean };

interface PrefixSearch {
  common_prefix_search(chars: readonly string[], start?: number): Iterable<string>;
}
/** The fields of transformers.js's Unigram model this relies on (its `model` of `_tokenizer`). */
interface UnigramModel {
  tokens_to_ids: Map<string, number>;
  trie: PrefixSearch & { skipped?: boolean };
  config?: { vocab?: unknown };
}
type TriePrototype = { extend(this: { skipped?: boolean }, texts: Iterable<string>): void };

/** The Unigram pieces that begin at a position, looked up by prefix in a set of pieces. */
export class PieceIndex implements PrefixSearch {
  /** Per first character, the length (in characters) of the longest piece that begins with it. */
  private readonly longest = new Map<string, number>();

  constructor(private readonly pieces: { has(piece: string): boolean; keys(): Iterable<string> }) {
    for (const piece of pieces.keys()) {
      if (piece === '') continue;
      const first = String.fromCodePoint(piece.codePointAt(0)!);
      const length = characterCount(piece);
      if (length > (this.longest.get(first) ?? 0)) this.longest.set(first, length);
    }
  }

  /** The pieces that `chars` (one string a character) begins with from `start`, shortest first. */
  *common_prefix_search(chars: readonly string[], start = 0): Generator<string> {
    const first = chars[start];
    if (first === undefined) return;
    const end = Math.min(chars.length, start + (this.longest.get(first) ?? 0));
    let prefix = '';
    for (let i = start; i < end; i++) {
      prefix += chars[i];
      if (this.pieces.has(prefix)) yield prefix;
    }
  }
}

function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * transformers.js's trie class, which it does not export: the one of a tokenizer of one piece.
 * Null when that cannot be had (another transformers.js): tries are then built as before.
 */
let triePrototype: TriePrototype | null | undefined;
function charTriePrototype(): TriePrototype | null {
  if (triePrototype !== undefined) return triePrototype;
  try {
    const probe = new PreTrainedTokenizer(
      {
        model: { type: 'Unigram', unk_id: 0, vocab: [['<unk>', 0]] },
        added_tokens: [],
        normalizer: null,
        pre_tokenizer: null,
        post_processor: null,
        decoder: null,
      },
      {},
    ) as unknown as { _tokenizer?: { model?: { trie?: object } } };
    const prototype = Object.getPrototypeOf(
      probe._tokenizer?.model?.trie ?? null,
    ) as Partial<TriePrototype> | null;
    triePrototype = typeof prototype?.extend === 'function' ? (prototype as TriePrototype) : null;
  } catch {
    triePrototype = null;
  }
  return triePrototype;
}

/**
 * Makes a tokenizer (`make` may take its time: a download) with its Unigram trie left empty and
 * marked `skipped`, for `compactPieces` to replace. Every tokenizer the engine makes goes through
 * both; the trie class is shared, so one made meanwhile by other code would come out without its
 * trie (the model process and the server make no other).
 */
export async function withoutTrie<T>(make: () => T | Promise<T>): Promise<T> {
  const prototype = charTriePrototype();
  if (!prototype) return make();
  const extend = prototype.extend;
  prototype.extend = function skip() {
    this.skipped = true;
  };
  try {
    return await make();
  } finally {
    prototype.extend = extend;
  }
}

/**
 * Whether `tokens_to_ids` holds just the pieces: it was made from them, and then each added token
 * (languages, `<mask>` …) was set into it. NLLB-200's, M2M-100's and OPUS-MT's added tokens are
 * pieces already, at their own ids.
 */
function addsNoPiece(
  pieces: readonly [string, number][],
  added: readonly { content: string; id: number }[],
): boolean {
  return added.every((token) => pieces[token.id]?.[0] === token.content);
}

/**
 * Gives a loaded tokenizer's Unigram model a PieceIndex instead of its trie and lets go of the
 * tokenizer.json it kept. Tokens are unchanged; only memory is given back.
 */
export function compactPieces(tokenizer: PreTrainedTokenizer): CompactPieces {
  const inner = tokenizer as unknown as {
    _tokenizer?: { model?: Partial<UnigramModel>; added_tokens?: { content: string; id: number }[] };
    _tokenizerJSON?: { model?: { type?: string } };
  };
  const model = inner._tokenizer?.model;
  const type = inner._tokenizerJSON?.model?.type;
  if (type !== undefined && type !== 'Unigram') {
    return { on: false, why: `the tokenizer's model is ${type}, not Unigram`, unexpected: false };
  }
  const pieces = model?.config?.vocab;
  const added = inner._tokenizer?.added_tokens;
  if (!model?.tokens_to_ids || !model.trie || !Array.isArray(pieces) || !added) {
    // A trie `withoutTrie` skipped is built after all, from the model's own list.
    const vocab = (model as { vocab?: unknown } | undefined)?.vocab;
    if (model?.trie?.skipped && Array.isArray(vocab)) {
      charTriePrototype()!.extend.call(model.trie, vocab as string[]);
    }
    return {
      on: false,
      why: "transformers.js's Unigram tokenizer does not keep its pieces where this version expects",
      unexpected: true,
    };
  }
  const vocabulary = pieces as [string, number][];
  model.trie = new PieceIndex(
    addsNoPiece(vocabulary, added) ? model.tokens_to_ids : new Set(vocabulary.map(([piece]) => piece)),
  );
  // The parsed tokenizer.json is read only while the tokenizer is built, but stays referenced (by
  // the tokenizer, its inner tokenizer and, as `config`, its model): its piece list is emptied in
  // place so that all three let go of it.
  model.config!.vocab = [];
  return { on: true };
}
