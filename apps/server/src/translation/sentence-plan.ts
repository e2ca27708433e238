/**
 * What the model reads of a text: its sentences whole, each protected span (protected-spans.ts),
 * inline code (inline-codes.ts) and glossary term held by a stand-in inside its sentence
 * (stand-ins.ts), with the cut version of the same sentence ready in case the answer fails the
 * check. Two kinds of sentence are still cut by design: one holding an ICU plural or select (its
 * messages are translated message by message) and one with no words outside its spans.
 */
import { icuParts } from './icu-messages.ts';
import { MARKER, readMarker } from './inline-codes.ts';
import { spansOf, splitProtected, type Glossary } from './protected-spans.ts';
import { pushGap, splitText, type Piece } from './segment.ts';
import type { Held } from './stand-ins.ts';

/** A sentence sent whole: its text as parts (words, and numbers indexing `held`), and its cut version. */
export interface WholeSentence {
  kind: 'whole';
  parts: ReadonlyArray<string | number>;
  held: readonly Held[];
  fallback: readonly Piece[];
}

export type PlannedPiece = Piece | WholeSentence;

interface Span {
  index: number;
  text: string;
  /** What goes back: the span itself, or a glossary term's translation. */
  value: string;
  icu: boolean;
}

/** Stands for one span while the text is cut into sentences (any input copy of it is a span too). */
const SLOT = '\u{10FFFD}';
const HAS_LETTER = /\p{L}/u;
const TAG = /^<(\/?)([A-Za-z0-9][\w:.-]*)[^<>]*?(\/?)>$/;

/** The spans of `text`, left to right: glossary terms first, protected spans in the runs between. */
function spansWithTerms(text: string, glossary: Glossary | undefined): Span[] {
  const spans: Span[] = [];
  const protect = (run: string, offset: number) => {
    for (const span of spansOf(run)) {
      spans.push({
        index: offset + span.index,
        text: span.text,
        value: span.text,
        icu: icuParts(span.text) !== undefined,
      });
    }
  };
  let cursor = 0;
  for (const { index, term } of glossary?.find(text) ?? []) {
    protect(text.slice(cursor, index), cursor);
    const value = glossary!.targets.get(term.toLowerCase()) ?? term;
    spans.push({ index, text: term, value, icu: false });
    cursor = index + term.length;
  }
  protect(text.slice(cursor), cursor);
  return spans;
}

/** Opening or closing end of a paired code: an adapter's marker, or a tag written in the text. */
function pairEnd(span: string): { role: 'open' | 'close'; key: string; ordered?: boolean } | undefined {
  if (MARKER.test(span) && [...span].length === 1) {
    const { role, number, ordered } = readMarker(span);
    return role === 'alone' ? undefined : { role, key: `code ${number}`, ordered };
  }
  const tag = TAG.exec(span);
  if (!tag || tag[3]) return undefined;
  return { role: tag[1] ? 'close' : 'open', key: `tag ${tag[2]!.toLowerCase()}` };
}

/** What each span of one sentence holds, with the pairs whose both ends are in the sentence. */
function heldOf(spans: readonly Span[]): Held[] {
  const held: Held[] = spans.map((span) => ({ value: span.value }));
  const open: Array<{ key: string; at: number; ordered: boolean }> = [];
  let pairs = 0;
  let ordered = 0;
  spans.forEach((span, at) => {
    const end = pairEnd(span.text);
    if (!end) return;
    if (end.role === 'open') {
      open.push({ key: end.key, at, ordered: Boolean(end.ordered) });
      return;
    }
    const last = open.at(-1);
    // Mis-nested ends are held as standalone: only what nests in the source is checked for order.
    if (last?.key !== end.key) return;
    open.pop();
    const order = last.ordered ? { order: ordered++ } : {};
    held[last.at]!.pair = { number: pairs, role: 'open', ...order };
    held[at]!.pair = { number: pairs, role: 'close', ...order };
    pairs += 1;
  });
  return held;
}

/** `slotted` with each slot replaced by its span's text (`original`) or value. */
function fill(slotted: string, spans: readonly Span[], pick: (span: Span) => string): string {
  let next = 0;
  return slotted.replace(/\u{10FFFD}/gu, () => pick(spans[next++]!));
}

/** The pieces of `text` to translate: gaps kept as they are, plain sentences, whole sentences with spans. */
export function planSentences(text: string, language: string, glossary?: Glossary): PlannedPiece[] {
  const spans = spansWithTerms(text, glossary);
  if (spans.length === 0) return splitText(text, language);
  let slotted = '';
  let cursor = 0;
  for (const span of spans) {
    slotted += text.slice(cursor, span.index) + SLOT;
    cursor = span.index + span.text.length;
  }
  slotted += text.slice(cursor);

  const planned: PlannedPiece[] = [];
  let next = 0;
  for (const piece of splitText(slotted, language)) {
    const count = [...piece.text.matchAll(/\u{10FFFD}/gu)].length;
    const own = spans.slice(next, next + count);
    next += count;
    if (piece.kind === 'gap') {
      pushGap(
        planned,
        fill(piece.text, own, (span) => span.value),
      );
    } else if (count === 0) {
      planned.push(piece);
    } else if (own.some((span) => span.icu) || !HAS_LETTER.test(piece.text.replaceAll(SLOT, ''))) {
      // Cut by design: ICU messages go message by message; spans without words need no model.
      for (const cut of splitProtected(
        fill(piece.text, own, (span) => span.text),
        language,
        glossary,
      )) {
        if (cut.kind === 'gap') pushGap(planned, cut.text);
        else planned.push(cut);
      }
    } else {
      const parts: Array<string | number> = [];
      piece.text.split(SLOT).forEach((words, i) => {
        if (i > 0) parts.push(i - 1);
        if (words) parts.push(words);
      });
      // The cut version is planned only if the whole sentence's answer fails (most never do).
      const original = fill(piece.text, own, (span) => span.text);
      let fallback: Piece[] | undefined;
      planned.push({
        kind: 'whole',
        parts,
        held: heldOf(own),
        get fallback() {
          return (fallback ??= splitProtected(original, language, glossary));
        },
      });
    }
  }
  return planned;
}
