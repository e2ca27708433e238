/**
 * Splits a text into the sentences a translation model should see and the exact whitespace between
 * them, so that the translated sentences can be put back with the original spaces, line breaks and
 * blank lines. Joining every piece's text gives back the input, character for character.
 */

export type Piece = { kind: 'sentence'; text: string } | { kind: 'gap'; text: string };

/** Longer sentences are cut at word boundaries: models translate long inputs badly or not at all. */
export const MAX_SENTENCE_CHARS = 400;

const LINE_BREAK = /(\r\n|\n|\r|\u2028|\u2029)/;
const EDGE_SPACE = /^(\s*)([\s\S]*?)(\s*)$/u;

/** A BCP 47 locale for a catalogue code (eng_Latn → en-Latn), or undefined when Intl does not know it. */
export function localeFor(code: string): string | undefined {
  const [language, script] = code.split('_');
  try {
    return Intl.getCanonicalLocales(script ? `${language}-${script}` : language)[0];
  } catch {
    return undefined;
  }
}

/** Segmenters are costly to create and hold no state between calls: one pair per language. */
const segmenters = new Map<string, { sentences: Intl.Segmenter; words: Intl.Segmenter }>();

function segmentersFor(language: string) {
  let pair = segmenters.get(language);
  if (!pair) {
    const locale = localeFor(language);
    pair = {
      sentences: new Intl.Segmenter(locale, { granularity: 'sentence' }),
      words: new Intl.Segmenter(locale, { granularity: 'word' }),
    };
    segmenters.set(language, pair);
  }
  return pair;
}

export function splitText(text: string, language: string, maxChars = MAX_SENTENCE_CHARS): Piece[] {
  const { sentences, words } = segmentersFor(language);
  const pieces: Piece[] = [];
  const gap = (value: string) => pushGap(pieces, value);

  // Line by line: a line break always ends a sentence, and stays exactly where it was.
  for (const part of text.split(LINE_BREAK)) {
    if (LINE_BREAK.test(part)) {
      gap(part);
      continue;
    }
    for (const { segment } of sentences.segment(part)) {
      const [, leading = '', body = '', trailing = ''] = EDGE_SPACE.exec(segment) ?? [];
      gap(leading);
      for (const chunk of cutLongSentence(body, maxChars, words)) {
        if (chunk.kind === 'gap') gap(chunk.text);
        else pieces.push(chunk);
      }
      gap(trailing);
    }
  }
  return pieces;
}

/** The sentence texts of `pieces`, in order. */
export function sentencesOf(pieces: readonly Piece[]): string[] {
  return pieces.filter((piece) => piece.kind === 'sentence').map((piece) => piece.text);
}

/** Puts translated sentences (one per sentence piece, in order) back between the original gaps. */
/** Adds kept text to `pieces`, joined to a gap just before it. */
export function pushGap<P extends { kind: string }>(pieces: Array<P | Piece>, value: string): void {
  if (!value) return;
  const last = pieces.at(-1);
  if (last?.kind === 'gap') (last as Piece).text += value;
  else pieces.push({ kind: 'gap', text: value });
}

export function joinText(pieces: readonly Piece[], translations: readonly string[]): string {
  let next = 0;
  return pieces.map((piece) => (piece.kind === 'gap' ? piece.text : (translations[next++] ?? ''))).join('');
}

/**
 * Cuts a sentence longer than `maxChars` into chunks at word boundaries (Intl's word segmenter also
 * knows languages written without spaces); a single "word" longer than the limit is cut hard.
 */
function cutLongSentence(sentence: string, maxChars: number, words: Intl.Segmenter): Piece[] {
  if (!sentence) return [];
  if (sentence.length <= maxChars) return [{ kind: 'sentence', text: sentence }];
  const pieces: Piece[] = [];
  let chunk = '';
  const flush = () => {
    const [, leading = '', body = '', trailing = ''] = EDGE_SPACE.exec(chunk) ?? [];
    if (leading) pieces.push({ kind: 'gap', text: leading });
    if (body) pieces.push({ kind: 'sentence', text: body });
    if (trailing) pieces.push({ kind: 'gap', text: trailing });
    chunk = '';
  };
  for (const { segment } of words.segment(sentence)) {
    if (chunk.length + segment.length > maxChars && chunk.trim()) flush();
    if (segment.length > maxChars) {
      let start = 0;
      while (start < segment.length) {
        let end = Math.min(start + maxChars, segment.length);
        // Never split a surrogate pair.
        if (end < segment.length && /[\uD800-\uDBFF]/.test(segment[end - 1] ?? '')) end -= 1;
        chunk = segment.slice(start, end);
        start = end;
        if (start < segment.length) flush();
      }
      continue;
    }
    chunk += segment;
  }
  flush();
  return pieces;
}
