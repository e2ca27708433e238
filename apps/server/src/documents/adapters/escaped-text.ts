import { joinPieces, splitPlaceholders, type Pieces } from './placeholders.ts';

/**
 * Strings written with backslash escapes (Android resources, Apple `.strings`): the escapes that
 * stand for a character the model should see (`\'`, `\"`, `\\`) are decoded; the ones that are layout
 * or a code point (`\n`, `\t`, `\U00E9`) are kept in place like placeholders; the translated words
 * are escaped again by the format's own rule.
 */
export type EscapedPieces = Array<string | Pieces>;

export function splitEscaped(raw: string, segments: string[], kept: RegExp): EscapedPieces {
  const pieces: EscapedPieces = [];
  let cursor = 0;
  const decoded = (part: string) => {
    if (part) pieces.push(splitPlaceholders(part.replace(/\\(.)/g, '$1'), segments));
  };
  for (const match of raw.matchAll(kept)) {
    decoded(raw.slice(cursor, match.index));
    pieces.push(match[0]);
    cursor = match.index + match[0].length;
  }
  decoded(raw.slice(cursor));
  return pieces;
}

export function joinEscaped(
  pieces: EscapedPieces,
  translations: readonly string[],
  escape: (text: string) => string,
): string {
  return pieces
    .map((piece) => (typeof piece === 'string' ? piece : escape(joinPieces(piece, translations))))
    .join('');
}
