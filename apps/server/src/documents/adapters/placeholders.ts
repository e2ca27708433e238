import { PLACEHOLDER_PATTERNS } from '../../translation/protected-spans.ts';
import { addSegment, fillSlot, type Slot } from '../segments.ts';

/**
 * Placeholders of the common i18n formats (the patterns live with the translation pipeline, which
 * protects them in every text): here, JSON values are cut around them before translation.
 */
const PLACEHOLDER = new RegExp(PLACEHOLDER_PATTERNS.map((pattern) => pattern.source).join('|'), 'g');

/** Values that are data rather than words: URLs, e-mail addresses, paths, identifiers, colours. */
const MACHINE_STRING = [
  /^[a-z][\w+.-]*:\/\/\S*$/i, // URL
  /^(?:mailto:)?[^\s@]+@[^\s@]+\.[^\s@]+$/i, // e-mail
  /^[^\s]*[/\\][^\s]*$/, // path or MIME type
  /^[A-Za-z0-9]+(?:[_.:][A-Za-z0-9]+)+$/, // snake_case, dotted.keys, iso:codes (not "Sign-in")
  /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i, // colour
];

export function isMachineString(text: string): boolean {
  const trimmed = text.trim();
  return MACHINE_STRING.some((pattern) => pattern.test(trimmed));
}

/** A string cut into literal parts (placeholders, kept) and translatable slots. */
export type Pieces = Array<string | Slot>;

/**
 * Splits `text` around its placeholders and adds the words between them to `segments`. The messages
 * of an ICU plural or select (`{n, plural, =0 {No files} one {# file} other {{n} files}}`) are words
 * too: the syntax, `#` and the placeholders inside stay, the messages are translated. ICU blocks are
 * found by matching braces, so a message may hold placeholders and other plurals (a regular
 * expression, as the text pipeline uses, stops at one level of nesting).
 */
export function splitPlaceholders(text: string, segments: string[], inMessage = false): Pieces {
  const pieces: Pieces = [];
  let cursor = 0;
  for (const block of icuBlocks(text)) {
    splitFlat(text.slice(cursor, block.start), pieces, segments, inMessage);
    splitIcu(text.slice(block.start, block.end), pieces, segments);
    cursor = block.end;
  }
  splitFlat(text.slice(cursor), pieces, segments, inMessage);
  return pieces;
}

const ICU_HEAD = /\{\s*[\w.]+\s*,\s*(?:plural|selectordinal|select)\s*,\s*(?:offset:\d+\s*)?/g;
const ICU_CASE = /^\s*(?:=\d+|[\w-]+)\s*\{/;
/** Inside an ICU message, `#` stands for the number. */
const PLACEHOLDER_OR_HASH = new RegExp(`${PLACEHOLDER.source}|#`, 'g');

/** Where the well-formed ICU blocks of `text` are (end exclusive). */
function icuBlocks(text: string): Array<{ start: number; end: number }> {
  const blocks: Array<{ start: number; end: number }> = [];
  for (const head of text.matchAll(ICU_HEAD)) {
    if (head.index < (blocks.at(-1)?.end ?? 0)) continue; // inside the block before
    const close = closingBrace(text, head.index);
    if (close >= 0) blocks.push({ start: head.index, end: close + 1 });
  }
  return blocks;
}

/** Index of the `}` that closes the `{` at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** An ICU block: its syntax kept, each case's message split like any text. */
function splitIcu(block: string, pieces: Pieces, segments: string[]): void {
  let syntax = new RegExp(ICU_HEAD.source).exec(block)![0];
  let cursor = syntax.length;
  for (
    let selector = ICU_CASE.exec(block.slice(cursor));
    selector;
    selector = ICU_CASE.exec(block.slice(cursor))
  ) {
    syntax += selector[0];
    cursor += selector[0].length;
    const close = closingBrace(block, cursor - 1);
    if (close < 0) break;
    pieces.push(syntax, ...splitPlaceholders(block.slice(cursor, close), segments, true));
    syntax = '}';
    cursor = close + 1;
  }
  pieces.push(syntax + block.slice(cursor));
}

/** Text without ICU blocks, cut around its placeholders. */
function splitFlat(text: string, pieces: Pieces, segments: string[], inMessage: boolean): void {
  let cursor = 0;
  for (const match of text.matchAll(inMessage ? PLACEHOLDER_OR_HASH : PLACEHOLDER)) {
    pushWords(text.slice(cursor, match.index), pieces, segments);
    pieces.push(match[0]);
    cursor = match.index + match[0].length;
  }
  pushWords(text.slice(cursor), pieces, segments);
}

function pushWords(text: string, pieces: Pieces, segments: string[]): void {
  if (text) pieces.push(addSegment(segments, text) ?? text);
}

export function joinPieces(pieces: Pieces, translations: readonly string[]): string {
  return pieces.map((piece) => (typeof piece === 'string' ? piece : fillSlot(piece, translations))).join('');
}

export function hasSlots(pieces: Pieces): boolean {
  return pieces.some((piece) => typeof piece !== 'string');
}
