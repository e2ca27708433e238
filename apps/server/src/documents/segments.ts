/**
 * Helpers shared by the adapters for the pieces of text they hand out: only the words go to the
 * model, the whitespace around them stays where it was.
 */

/** Where a segment came from: its index in the segment list and the whitespace around it. */
export interface Slot {
  index: number;
  lead: string;
  trail: string;
}

/** Splits text into lines that keep their own terminator (LF, CRLF or CR), so joining them gives the text back. */
export function splitLines(text: string): string[] {
  return text.match(/[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/g) ?? [];
}

/** A line without its terminator, and the terminator. */
export function lineParts(line: string): { content: string; eol: string } {
  const eol = /(?:\r\n|\r|\n)$/.exec(line)?.[0] ?? '';
  return { content: line.slice(0, line.length - eol.length), eol };
}

const EDGES = /^(\s*)([\s\S]*?)(\s*)$/u;
const LETTER = /\p{L}/u;

/** True when the text holds at least one letter; numbers and punctuation alone are left as they are. */
export function hasLetters(text: string): boolean {
  return LETTER.test(text);
}

/** Splits `  text \n` into its leading whitespace, its core and its trailing whitespace. */
export function splitEdges(text: string): { lead: string; core: string; trail: string } {
  const match = EDGES.exec(text)!;
  return { lead: match[1]!, core: match[2]!, trail: match[3]! };
}

/**
 * Adds the core of `text` to `segments` when it has something to translate, and returns the slot
 * that {@link fillSlot} uses to put the translation back; null means "keep the text as it is".
 */
export function addSegment(segments: string[], text: string): Slot | null {
  const { lead, core, trail } = splitEdges(text);
  if (!hasLetters(core)) return null;
  segments.push(core);
  return { index: segments.length - 1, lead, trail };
}

/** The translation of a slot with its original surrounding whitespace. */
export function fillSlot(
  slot: Slot,
  translations: readonly string[],
  escape: (text: string) => string = (t) => t,
): string {
  const translated = translations[slot.index];
  if (translated === undefined) throw new Error(`No translation for segment ${slot.index}`);
  return slot.lead + escape(translated.trim()) + slot.trail;
}

/** A range of the source, and what goes there once the translations are known. */
export interface PendingEdit {
  start: number;
  end: number;
  render: (translations: readonly string[]) => string;
}

/** The source with each pending edit's range replaced by what it renders from `translations`. */
export function renderEdits(
  source: string,
  edits: readonly PendingEdit[],
  translations: readonly string[],
): string {
  return replaceRanges(
    source,
    edits.map((edit) => ({ start: edit.start, end: edit.end, text: edit.render(translations) })),
  );
}

/** Replaces ranges of `source` (sorted, not overlapping) and keeps every other character as it was. */
export function replaceRanges(
  source: string,
  edits: ReadonlyArray<{ start: number; end: number; text: string }>,
): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let cursor = 0;
  for (const edit of sorted) {
    if (edit.start < cursor) throw new Error('Overlapping edits');
    out += source.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return out + source.slice(cursor);
}
