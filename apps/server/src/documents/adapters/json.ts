import { visit } from 'jsonc-parser';
import { documentError } from '../errors.ts';
import { replaceRanges } from '../segments.ts';
import type { DocumentAdapter } from '../types.ts';
import { hasSlots, isMachineString, joinPieces, splitPlaceholders, type Pieces } from './placeholders.ts';

/**
 * JSON, e.g. an app's message catalogue. String values are translated; keys, numbers, booleans and
 * nulls, formatting, key order and placeholders ({name}, {{count}}, %s, <0>…</0>) stay as they were.
 * Values that are data (URLs, paths, identifiers) are left alone. Only the source range of each
 * changed string literal is rewritten.
 */
export const jsonAdapter: DocumentAdapter = {
  format: 'json',
  mimeType: 'application/json',
  textual: true,
  extract({ text }, limits) {
    checkDepth(text, limits.maxJsonDepth);
    try {
      JSON.parse(text);
    } catch (error) {
      throw documentError('INVALID_DOCUMENT', `The file is not valid JSON: ${(error as Error).message}`);
    }
    const segments: string[] = [];
    const strings: Array<{ offset: number; length: number; pieces: Pieces }> = [];
    visit(text, {
      onLiteralValue(value: unknown, offset, length) {
        if (typeof value !== 'string' || isMachineString(value)) return;
        const pieces = splitPlaceholders(value, segments);
        if (hasSlots(pieces)) strings.push({ offset, length, pieces });
      },
    });
    return {
      segments,
      rebuild: (translations) =>
        replaceRanges(
          text,
          strings.map(({ offset, length, pieces }) => ({
            start: offset,
            end: offset + length,
            text: JSON.stringify(joinPieces(pieces, translations)),
          })),
        ),
    };
  },
};

/**
 * Refuses deep nesting before any parser sees it: a linear scan, with no recursion to overflow.
 */
export function checkDepth(text: string, maxDepth: number): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > maxDepth) {
        throw documentError(
          'INVALID_DOCUMENT',
          `The JSON is nested more than ${maxDepth} levels deep, which is refused.`,
        );
      }
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
}
