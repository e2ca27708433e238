import { icuBlocks, icuParts } from '../../translation/icu-messages.ts';
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

/** A translatable slot inside an ICU plural or select message, whose translation ICU must read as text. */
interface MessageSlot extends Slot {
  icuMessage: true;
}

/** A string cut into literal parts (placeholders, kept) and translatable slots. */
export type Pieces = Array<string | Slot | MessageSlot>;

/**
 * Splits `text` around its placeholders and adds the words between them to `segments`. The messages
 * of an ICU plural or select (`{n, plural, =0 {No files} one {# file} other {{n} files}}`) are words
 * too: the syntax, `#` and the placeholders inside stay, the messages are translated. The ICU
 * matcher is the text pipeline's (a message may hold placeholders and other plurals).
 */
export function splitPlaceholders(
  text: string,
  segments: string[],
  inMessage = false,
  directives?: RegExp,
): Pieces {
  const pieces: Pieces = [];
  let cursor = 0;
  for (const block of icuBlocks(text)) {
    splitFlat(text.slice(cursor, block.start), pieces, segments, inMessage, directives);
    splitIcu(text.slice(block.start, block.end), pieces, segments, directives);
    cursor = block.end;
  }
  splitFlat(text.slice(cursor), pieces, segments, inMessage, directives);
  return pieces;
}

/** Inside an ICU message, `#` stands for the number. */
const PLACEHOLDER_OR_HASH = new RegExp(`${PLACEHOLDER.source}|#`, 'g');

/** An ICU block: its syntax kept, each case's message split like any text (a malformed block is kept whole). */
function splitIcu(block: string, pieces: Pieces, segments: string[], directives?: RegExp): void {
  for (const part of icuParts(block) ?? [{ kind: 'syntax', text: block }]) {
    if (part.kind === 'syntax') pieces.push(part.text);
    else pieces.push(...splitPlaceholders(part.text, segments, true, directives));
  }
}

/**
 * Text without ICU blocks, cut around its placeholders; `directives` (a format's own, such as a PO
 * entry's `c-format` ones) are matched first, so `%.*s` is one piece rather than words around `%.`.
 */
function splitFlat(
  text: string,
  pieces: Pieces,
  segments: string[],
  inMessage: boolean,
  directives?: RegExp,
): void {
  let cursor = 0;
  const base = inMessage ? PLACEHOLDER_OR_HASH : PLACEHOLDER;
  const pattern = directives ? new RegExp(`${directives.source}|${base.source}`, 'g') : base;
  for (const match of text.matchAll(pattern)) {
    pushWords(text.slice(cursor, match.index), pieces, segments, inMessage);
    pieces.push(match[0]);
    cursor = match.index + match[0].length;
  }
  pushWords(text.slice(cursor), pieces, segments, inMessage);
}

function pushWords(text: string, pieces: Pieces, segments: string[], inMessage: boolean): void {
  if (!text) return;
  const slot = addSegment(segments, text);
  pieces.push(slot ? (inMessage ? { ...slot, icuMessage: true } : slot) : text);
}

/**
 * A translation as text of an ICU message: `#` would be read as the number and braces as syntax, so
 * they are quoted (`'#'`), and an apostrophe that would start a quotation is doubled.
 */
export function escapeIcuMessage(text: string): string {
  return text.replace(/'(?=[{}#'|])|[{}#]/g, (char) => (char === "'" ? "''" : `'${char}'`));
}

export function joinPieces(pieces: Pieces, translations: readonly string[]): string {
  return pieces
    .map((piece) =>
      typeof piece === 'string'
        ? piece
        : fillSlot(piece, translations, 'icuMessage' in piece ? escapeIcuMessage : undefined),
    )
    .join('');
}

export function hasSlots(pieces: Pieces): boolean {
  return pieces.some((piece) => typeof piece !== 'string');
}
