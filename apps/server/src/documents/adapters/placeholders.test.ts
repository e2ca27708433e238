import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { escapeIcuMessage, joinPieces, splitPlaceholders } from './placeholders.ts';
import { MARKERS } from '../../translation/inline-codes.ts';

/** Texts a translation may bring that ICU reads as syntax: braces, apostrophes, `#`, `|`. */
const TRICKY = [
  "l'heure",
  "l'{x}",
  'a {b} c',
  '{}',
  '}{',
  "'{'",
  "it''s",
  "'",
  "''",
  "x'",
  '# 1 | 2',
  "'#' '|'",
  "a'}",
  "#'",
  "{'}",
  "'''{",
  `« » & < " : '`,
];

const format = (message: string) =>
  new IntlMessageFormat(message, 'fr', undefined, { ignoreTag: true }).format({ n: 2 }) as string;

describe('ICU escaping of translations', () => {
  it('reads back as the translation, at the top of a message and inside a plural (formatjs)', () => {
    for (const text of TRICKY) {
      expect(format(escapeIcuMessage(text, 'top'))).toBe(text);
      expect(format(`{n, plural, other {${escapeIcuMessage(text, 'plural')}}}`)).toBe(text);
    }
  });

  it('quotes an apostrophe a translation ends with when a placeholder follows it', () => {
    const segments: string[] = [];
    const pieces = splitPlaceholders('Hello{name}, bye {n, plural, one {# day} other {#days}}', segments, {
      icu: true,
    });
    // Each message is one sentence, its placeholders (and `#`) held inside as inline codes.
    expect(segments.map((segment) => segment.replace(MARKERS, '·'))).toEqual([
      'Hello·, bye',
      '· day',
      '·days',
    ]);
    const joined = joinPieces(pieces, [
      segments[0]!.replace('Hello', "d'").replace(', bye', "l'"),
      segments[1]!.replace('day', "j'"),
      segments[2]!.replace('days', "js'"),
    ]);
    const message = new IntlMessageFormat(joined, 'fr');
    expect(message.format({ name: 'X', n: 2 })).toBe("d'Xl' 2js'");
  });

  it('keeps HTML character references out of the text sent to the model', () => {
    const segments: string[] = [];
    const pieces = splitPlaceholders('&laquo;Tom&raquo; &amp; Jerry&#39;s &#x2014; and &copy 1', segments);
    // One sentence, each reference held inside it; `&copy` without its semicolon is no reference.
    expect(segments.map((segment) => segment.replace(MARKERS, '·'))).toEqual([
      '·Tom· · Jerry·s · and &copy 1',
    ]);
    expect(joinPieces(pieces, [segments[0]!.toUpperCase().replace('AND', 'ET')])).toBe(
      '&laquo;TOM&raquo; &amp; JERRY&#39;S &#x2014; ET &COPY 1',
    );
  });
});
