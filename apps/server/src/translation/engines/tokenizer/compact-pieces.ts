/**
 * A Unigram tokenizer's pieces looked up in the map it already has, instead of transformers.js's trie.
 *
 * transformers.js's Unigram model finds the pieces that start at each position of a word with a
 * trie of one object and one `Map` per character of every piece, and the tokenizer keeps its parsed
 * tokenizer.json (every piece and score again) for good. For NLLB-200's 256,204 pieces that is
 * about 95 MB of the model process's heap (124 MB → 29 MB once both go, on the synthetic
 * NLLB-600M tokenizer): the largest part of the model process that is not weights.
 *
 * The trie's pieces are all keys of the model's `tokens_to_ids` map. Looking each prefix up there,
 * shortest first, up to the longest piece that begins with its first character, yields the same
 * pieces in the same order as the trie's `common_prefix_search`, so the lattice and every token
 * are the same (tests compare both on the UDHR in every language it has). Where the two sets of
 * pieces are not the same (a transformers.js that adds tokens to the map), a set of the trie's own
 * pieces is kept instead. Anything not laid out as expected (a BPE model, another transformers.js)
 * keeps the trie and says why.
 */
import type { PreTrainedTokenizer } from '@huggingface/transformers';

/** What compacting did: `why` says why the tokenizer keeps transformers.js's own tables. */
export type CompactPieces = { on: true } | { on: false; why: string; unexpected: boolean };

interface TrieNode {
  is_leaf: boolean;
  children: Map<string, TrieNode>;
}
interface PrefixSearch {
  common_prefix_search(chars: readonly string[], start?: number): Iterable<string>;
}
/** The fields of transformers.js's Unigram model this relies on (its `model` of `_tokenizer`). */
interface UnigramModel {
  tokens_to_ids: Map<string, number>;
  trie: PrefixSearch & { root?: TrieNode };
  config?: { vocab?: unknown };
}

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

/** Every piece the trie holds (a leaf's path). */
function triePieces(root: TrieNode): Set<string> {
  const pieces = new Set<string>();
  const stack: [TrieNode, string][] = [[root, '']];
  while (stack.length > 0) {
    const [node, prefix] = stack.pop()!;
    if (node.is_leaf && prefix !== '') pieces.add(prefix);
    for (const [ch, child] of node.children) stack.push([child, prefix + ch]);
  }
  return pieces;
}

/**
 * Whether `tokens_to_ids` holds just the trie's pieces: it was made from the same pieces, and then
 * each added token (languages, `<mask>` …) was set into it. NLLB-200's, M2M-100's and OPUS-MT's
 * added tokens are pieces already, at their own ids. Otherwise the trie's pieces are read out of it.
 */
function addsNoPiece(
  pieces: unknown,
  added: readonly { content: string; id: number }[] | undefined,
): boolean {
  if (!Array.isArray(pieces) || !added) return false;
  return added.every((token) => (pieces[token.id] as [string, number] | undefined)?.[0] === token.content);
}

/**
 * Swaps a loaded tokenizer's Unigram trie for a PieceIndex and lets go of the tokenizer.json it
 * kept. Tokens are unchanged; only memory is given back.
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
  const root = model?.trie?.root;
  if (!model?.tokens_to_ids || !root?.children) {
    return {
      on: false,
      why: "transformers.js's Unigram tokenizer does not keep its pieces where this version expects",
      unexpected: true,
    };
  }
  model.trie = new PieceIndex(
    addsNoPiece(model.config?.vocab, inner._tokenizer?.added_tokens) ? model.tokens_to_ids : triePieces(root),
  );
  // The parsed tokenizer.json is read only while the tokenizer is built, but stays referenced (by
  // the tokenizer, its inner tokenizer and, as `config`, its model): its piece list is emptied in
  // place so that all three let go of it.
  if (Array.isArray(model.config?.vocab)) model.config.vocab = [];
  return { on: true };
}
