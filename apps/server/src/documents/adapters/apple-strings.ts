/**
 * Apple `.strings` files (`"key" = "value";`, often UTF-16): each value is translated; keys,
 * comments (`/* … *\/` and `//`, where Xcode puts the translator's context), order and spacing stay.
 * `%@`, `%1$@`, `%d` and the other placeholders are kept, `\"` and `\\` read and written back, `\n`
 * and `\U00E9` kept in place. A value that is a key-like identifier is left alone.
 *
 * Hand-written: the format is a tiny subset of the old-style property list, and the npm parsers of it
 * return an object and cannot write the comments back.
 */
import { documentError } from '../errors.ts';
import { replaceRanges } from '../segments.ts';
import type { DocumentAdapter } from '../types.ts';
import { joinEscaped, splitEscaped, type EscapedPieces } from './escaped-text.ts';
import { isMachineString } from './placeholders.ts';
import { appleFolder, inLocaleFolder } from '../output-name.ts';

const QUOTED = String.raw`"(?:[^"\\]|\\[\s\S])*"`;
/** One entry from where the scanner stands: key (quoted or bare), `=`, quoted value, `;`. */
const ENTRY = new RegExp(String.raw`(${QUOTED}|[\w.$-]+)\s*=\s*(${QUOTED})\s*;`, 'y');
const COMMENT = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/y;
const SPACE = /\s+/y;
const KEPT_ESCAPE = /\\[nrt]|\\[Uu][0-9a-fA-F]{4}/g;

export const appleStringsAdapter: DocumentAdapter = {
  format: 'strings',
  outputName: inLocaleFolder(appleFolder, 'Xcode'),
  mimeType: 'text/plain',
  textual: true,
  extract({ text }) {
    const segments: string[] = [];
    const values: Array<{ start: number; end: number; pieces: EscapedPieces }> = [];
    for (let at = 0; at < text.length;) {
      const token = [SPACE, COMMENT].map((pattern) => sticky(pattern, text, at)).find(Boolean);
      if (token) {
        at += token[0].length;
        continue;
      }
      const entry = sticky(ENTRY, text, at);
      if (!entry) {
        const line = text.slice(0, at).split('\n').length;
        throw documentError(
          'INVALID_DOCUMENT',
          `The file is not a valid .strings file: line ${line} is not a "key" = "value"; entry or a comment.`,
        );
      }
      const raw = entry[2]!.slice(1, -1);
      if (!isMachineString(raw)) {
        const start = at + entry[0].lastIndexOf(entry[2]!) + 1;
        values.push({ start, end: start + raw.length, pieces: splitEscaped(raw, segments, KEPT_ESCAPE) });
      }
      at += entry[0].length;
    }
    return {
      segments,
      rebuild: (translations) =>
        replaceRanges(
          text,
          values.map(({ start, end, pieces }) => ({
            start,
            end,
            text: joinEscaped(pieces, translations, (words) => words.replace(/[\\"]/g, '\\$&')),
          })),
        ),
    };
  },
};

function sticky(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}
