/**
 * Whole sentences with stand-ins. What must come back verbatim inside a sentence (a placeholder, a
 * link, a mention, a number, an inline tag, a glossary term's translation) is replaced by a short
 * numbered stand-in, the sentence is translated once, whole, so the model sees the person's sentence
 * and may move the stand-ins with their words, and each stand-in is put back where the translation
 * placed it. The answer is checked: every stand-in back exactly once, no invented one, and a paired
 * code's opening stand-in before its closing one, properly nested. A sentence whose answer fails
 * the check is translated the safe way instead, cut around its spans (protected-spans.ts), and
 * counted: no model can break a placeholder or a tag, whatever it does with a stand-in.
 *
 * The stand-in's form is chosen per model family, for what its tokenizer and training data keep
 * as a few common pieces that are copied rather than translated:
 * - `[1]` (`bracket`) for the multilingual SentencePiece families (NLLB-200, M2M-100, SMaLL-100):
 *   brackets and ASCII digits are frequent pieces in every language of their training data, and
 *   the mined web and Wikipedia text they learnt from carries citation marks such as `[1]`
 *   untranslated in every script.
 * - `{1}` (`brace`) for OPUS-MT (Marian): its training data includes OPUS's software-localisation
 *   corpora (KDE4, GNOME, Ubuntu, Mozilla), full of `{0}`-style placeholders left as they are.
 * Neither form is measured on real weights here (none reach this machine): the check above is what
 * makes the choice safe, and the fallback counter is how an operator sees how often it pays.
 * Models also rewrite digits into their script's own (`[١]`) or use full-width brackets (`［1］`):
 * both still count as the stand-in.
 */

export type StandInStyle = 'bracket' | 'brace';

/** The stand-in form per model family (families/*.ts ids); a family not named takes `bracket`. */
export const STAND_IN_STYLES: Readonly<Record<string, StandInStyle>> = {
  nllb: 'bracket',
  m2m100: 'bracket',
  small100: 'bracket',
  marian: 'brace',
};

/** What a stand-in stands for. */
export interface Held {
  /** What goes back where the stand-in lands: the span's own text, or a glossary term's translation. */
  value: string;
  /**
   * For one end of a paired code whose other end is in the same sentence; `order` for a pair that
   * must keep its place among the sentence's other ordered pairs (their sequence in the source).
   */
  pair?: { number: number; role: 'open' | 'close'; order?: number };
}

/** The stand-in for held item `index` (0-based) in `style`. */
export function standIn(style: StandInStyle, index: number): string {
  return style === 'brace' ? `{${index + 1}}` : `[${index + 1}]`;
}

/** Stand-ins as a model may write them back: other digits, full-width brackets, spaces inside. */
const FOUND: Record<StandInStyle, RegExp> = {
  bracket: /[[［【]\s?(\p{Nd}{1,4})\s?[\]］】]/gu,
  brace: /[{｛]\s?(\p{Nd}{1,4})\s?[}｝]/gu,
};

/** The value of a run of decimal digits of any script (`١٢` → 12). */
function digitsValue(digits: string): number {
  let value = 0;
  for (const digit of digits) {
    let code = digit.codePointAt(0)!;
    let steps = 0;
    // Unicode's decimal digits come in runs starting at zero: count back to the run's start.
    while (steps < 60 && /\p{Nd}/u.test(String.fromCodePoint(code - 1))) {
      code -= 1;
      steps += 1;
    }
    value = value * 10 + (steps % 10);
  }
  return value;
}

/** The sentence text with a stand-in for each held item; `parts` numbers index `held`. */
export function maskedText(parts: ReadonlyArray<string | number>, style: StandInStyle): string {
  return parts.map((part) => (typeof part === 'number' ? standIn(style, part) : part)).join('');
}

/**
 * The translation with every stand-in replaced by what it holds, or undefined when the answer fails
 * the check (a stand-in lost, repeated or invented; a pair out of order or crossing another).
 */
export function restoreStandIns(
  translation: string,
  held: readonly Held[],
  style: StandInStyle,
): string | undefined {
  const seen = new Set<number>();
  const openPairs: number[] = [];
  let lastOrder = -1;
  let out = '';
  let cursor = 0;
  for (const match of translation.matchAll(FOUND[style])) {
    const index = digitsValue(match[1]!) - 1;
    const item = held[index];
    if (!item || seen.has(index)) return undefined;
    seen.add(index);
    if (item.pair?.order !== undefined && item.pair.role === 'open') {
      if (item.pair.order < lastOrder) return undefined;
      lastOrder = item.pair.order;
    }
    if (item.pair?.role === 'open') openPairs.push(item.pair.number);
    else if (item.pair?.role === 'close' && openPairs.pop() !== item.pair.number) return undefined;
    out += translation.slice(cursor, match.index) + item.value;
    cursor = match.index + match[0].length;
  }
  if (seen.size !== held.length || openPairs.length > 0) return undefined;
  return out + translation.slice(cursor);
}
