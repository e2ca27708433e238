import { icuParts, PLACEHOLDER_PATTERNS } from '../../translation/protected-spans.ts';
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
 * of an ICU plural or select (`{n, plural, one {# file} other {# files}}`) are words too: its syntax
 * and `#` stay, the messages are translated (as the text pipeline does).
 */
export function splitPlaceholders(text: string, segments: string[]): Pieces {
  const pieces: Pieces = [];
  let cursor = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    pushWords(text.slice(cursor, match.index), pieces, segments);
    for (const part of icuParts(match[0]) ?? [{ kind: 'syntax' as const, text: match[0] }]) {
      if (part.kind === 'syntax') pieces.push(part.text);
      else
        part.text.split('#').forEach((words, index) => {
          if (index > 0) pieces.push('#');
          pieces.push(...splitPlaceholders(words, segments));
        });
    }
    cursor = match.index + match[0].length;
  }
  pushWords(text.slice(cursor), pieces, segments);
  return pieces;
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
