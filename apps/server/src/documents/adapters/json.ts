import { visit, type JSONPath } from 'jsonc-parser';
import { documentError } from '../errors.ts';
import { replaceRanges } from '../segments.ts';
import type { DocumentAdapter, DocumentLimits, ExtractedDocument } from '../types.ts';
import { hasSlots, isMachineString, joinPieces, splitPlaceholders, type Pieces } from './placeholders.ts';

/**
 * JSON, e.g. an app's message catalogue (i18next, react-intl). String values are translated; keys,
 * numbers, booleans and nulls, formatting, key order and placeholders ({name}, {{count}}, %s,
 * <0>…</0>, $t(key)) stay as they were; the messages of ICU plurals and selects are translated.
 * Values that are data (URLs, paths, identifiers) are left alone. Only the source range of each
 * changed string literal is rewritten.
 */
export const jsonAdapter: DocumentAdapter = {
  format: 'json',
  mimeType: 'application/json',
  textual: true,
  extract: ({ text }, limits) => extractJson(text, limits),
};

export interface JsonRules {
  /** Values at these paths stay as they are (an ARB file's `@` metadata). */
  keep?: (path: JSONPath) => boolean;
  /** A new value for the string at `path`, or undefined (an ARB file's `@@locale`). */
  replace?: (path: JSONPath) => string | undefined;
}

/** The JSON adapter's reading, with the rules of a JSON-based format on top. */
export function extractJson(text: string, limits: DocumentLimits, rules: JsonRules = {}): ExtractedDocument {
  checkDepth(text, limits.maxJsonDepth);
  try {
    JSON.parse(text);
  } catch (error) {
    throw documentError('INVALID_DOCUMENT', `The file is not valid JSON: ${(error as Error).message}`);
  }
  const segments: string[] = [];
  const strings: Array<{ offset: number; length: number; pieces: Pieces }> = [];
  visit(text, {
    onLiteralValue(value: unknown, offset, length, _line, _column, pathSupplier) {
      if (typeof value !== 'string') return;
      const path = rules.keep || rules.replace ? pathSupplier() : [];
      const replacement = rules.replace?.(path);
      if (replacement !== undefined) strings.push({ offset, length, pieces: [replacement] });
      if (replacement !== undefined || isMachineString(value) || rules.keep?.(path)) return;
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
}

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
