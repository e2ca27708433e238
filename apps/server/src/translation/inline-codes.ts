/**
 * Inline codes inside a segment: the tags around a bold word, a link, a placeholder of a catalogue's
 * own syntax, a run boundary in a Word paragraph. An adapter hands the whole sentence to translation
 * with each code written as one marker character, keeps the code's bytes itself, and puts them back
 * where the translation placed the markers. The translation pipeline stands in for each marker
 * inside the sentence (stand-ins.ts) and guarantees that every marker comes back exactly once, and
 * that a paired code's opening marker still comes before its closing one.
 *
 * Markers are characters of Unicode's Supplementary Private Use Area-B (plane 16), which no text
 * a person writes carries and no font draws; an input that already holds one has it treated as an
 * ordinary protected character (kept verbatim). A marker encodes its role and its number within
 * the segment: an opening code, its closing partner (same number) or a standalone code.
 */

export type CodeRole = 'open' | 'close' | 'alone';

/** The marker's reading: role, number and whether its pair must keep its place among the other such pairs. */
export interface MarkerReading {
  role: CodeRole;
  number: number;
  /** A pair that cannot move past another ordered pair (a Word run's formatting: the words move, not the runs). */
  ordered: boolean;
}

/** Codes per segment; a segment with more is cut at its codes, as before (never seen in real files). */
export const MAX_CODES = 0x1000;
const BASE = 0x100000;
const ROLE_OFFSET: Record<CodeRole, number> = { open: 0, close: 0x1000, alone: 0x2000 };
/** Ordered pairs' markers sit above the others. */
const ORDERED_OFFSET = 0x3000;

/** The marker of code `number` in `role`. */
export function codeMarker(role: CodeRole, number: number, ordered = false): string {
  if (!Number.isInteger(number) || number < 0 || number >= MAX_CODES) {
    throw new RangeError(`Inline code number out of range: ${number}`);
  }
  const orderedOffset = ordered && role !== 'alone' ? ORDERED_OFFSET : 0;
  return String.fromCodePoint(BASE + orderedOffset + ROLE_OFFSET[role] + number);
}

/** Matches one marker (a surrogate pair in UTF-16). */
export const MARKER = /[\u{100000}-\u{104FFF}]/u;
export const MARKERS = /[\u{100000}-\u{104FFF}]/gu;

/** The role and number of a marker character. */
export function readMarker(marker: string): MarkerReading {
  const raw = marker.codePointAt(0)! - BASE;
  const ordered = raw >= ORDERED_OFFSET;
  const offset = ordered ? raw - ORDERED_OFFSET : raw;
  const role: CodeRole = offset < 0x1000 ? 'open' : offset < 0x2000 ? 'close' : 'alone';
  return { role, number: offset % 0x1000, ordered };
}

/**
 * Builds a segment from text and codes, for an adapter: `text()` for words (already decoded),
 * `open()`/`close()` around a code pair, `alone()` for a standalone code. `render` puts the codes
 * back into a translation, escaping the words between them as the format needs.
 */
export class InlineRun<Code = string> {
  private segment = '';
  /** Each code, by number: the opening (or standalone) one, and a pair's closing one. */
  private readonly codes: Code[] = [];
  private readonly closing: Code[] = [];
  private readonly unclosed: number[] = [];
  private readonly orderedPairs = new Set<number>();

  text(words: string): this {
    this.segment += words;
    return this;
  }

  /**
   * Opens a paired code; `close()` ends the innermost open one. An `ordered` pair keeps its place
   * among the run's other ordered pairs (the words may move in and out of it).
   */
  open(code: Code, { ordered = false } = {}): this {
    const number = this.add(code);
    this.unclosed.push(number);
    if (ordered) this.orderedPairs.add(number);
    this.segment += codeMarker('open', number, ordered);
    return this;
  }

  /** Closes the innermost open code (a closing code with nothing open is standalone). */
  close(code: Code): this {
    const number = this.unclosed.pop();
    if (number === undefined) return this.alone(code);
    this.closing[number] = code;
    this.segment += codeMarker('close', number, this.orderedPairs.has(number));
    return this;
  }

  alone(code: Code): this {
    this.segment += codeMarker('alone', this.add(code));
    return this;
  }

  /** Whether the run holds any code. */
  get hasCodes(): boolean {
    return this.codes.length > 0;
  }

  /** The segment to translate: the words, with a marker for each code. */
  toSegment(): string {
    // A code opened and never closed (markup cut off) is standalone: nothing pairs with it.
    let segment = this.segment;
    for (const number of this.unclosed) {
      segment = segment.replace(
        codeMarker('open', number, this.orderedPairs.has(number)),
        codeMarker('alone', number),
      );
    }
    return segment;
  }

  /**
   * A translation of `toSegment()` with the codes put back and the words escaped. The pipeline
   * returns every marker exactly once; a translation from elsewhere that lost one still loses no
   * code: the missing ones are added at its end, in order.
   */
  render(
    translation: string,
    escape: (words: string) => string = (words) => words,
    show: (code: Code) => string = String,
  ): string {
    let out = '';
    let cursor = 0;
    const placed = new Set<string>();
    const codeOf = (marker: string) => {
      const { role, number } = readMarker(marker);
      const code = role === 'close' ? this.closing[number] : this.codes[number];
      return code === undefined ? '' : show(code);
    };
    for (const match of translation.matchAll(MARKERS)) {
      out += escape(translation.slice(cursor, match.index));
      if (!placed.has(match[0])) out += codeOf(match[0]);
      placed.add(match[0]);
      cursor = match.index + match[0].length;
    }
    out += escape(translation.slice(cursor));
    for (const marker of this.toSegment().match(MARKERS) ?? []) {
      if (!placed.has(marker)) out += codeOf(marker);
    }
    return out;
  }

  private add(code: Code): number {
    const number = this.codes.length;
    if (number >= MAX_CODES) throw new RangeError('Too many inline codes in one segment');
    this.codes.push(code);
    return number;
  }
}
