import fc from 'fast-check';

/**
 * A long string kept as a recipe until it is sent: fast-check prints a failing case as `"😀"×300000`
 * instead of megabytes, and the bytes exist only while one request is built.
 */
export class Repeated {
  constructor(
    readonly unit: string,
    readonly count: number,
  ) {}
  toJSON(): string {
    return this.unit.repeat(this.count);
  }
  toString(): string {
    return this.toJSON();
  }
  [fc.toStringMethod](): string {
    return `${JSON.stringify(this.unit)}×${this.count}`;
  }
}

/** Characters that break naive text handling: each one alone, or mixed into ordinary words. */
const TRICKY = [
  '\u0000', // NUL
  '\uD800', // lone high surrogate
  '\uDFFF', // lone low surrogate
  '\u202E', // right-to-left override
  '\u2066', // left-to-right isolate
  '\u2069', // pop directional isolate
  '\u200F', // right-to-left mark
  '\u200B', // zero-width space
  '\u200D', // zero-width joiner
  '\uFEFF', // byte-order mark
  '\u0301\u0301\u0301', // stacked combining marks
  '\r\n',
  '\u2028', // line separator
  '\t',
  '<think>',
  '</think>',
  '{name}',
  '%s',
  '\\',
  '"',
];

const WORDS = [
  'Hello',
  'world.',
  'How are you?',
  'Habari',
  'asubuhi.',
  'مرحبا',
  'بالعالم',
  '你好',
  '世界。',
  'नमस्ते',
  'Привет',
  'שלום',
  '👋🏽',
  '👨‍👩‍👧',
  '1.',
  'https://example.org',
  '`code`',
  '**bold**',
];

/** Short, word-like text in many scripts: what real clients send, cheap for the tiny model. */
export const shortText = (maxWords = 8): fc.Arbitrary<string> =>
  fc
    .array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...WORDS) }, fc.constantFrom(...TRICKY)), {
      minLength: 1,
      maxLength: maxWords,
    })
    .chain((parts) =>
      fc
        .array(fc.constantFrom(' ', ' ', ' ', '\n', '', '  '), {
          minLength: parts.length,
          maxLength: parts.length,
        })
        .map((gaps) => parts.map((part, i) => part + gaps[i]).join('')),
    );

/** Strings nobody should send, bounded so that one request stays under a few megabytes. */
export const hostileString = (): fc.Arbitrary<string | Repeated> =>
  fc.oneof(
    fc.constant(''),
    fc.constantFrom(' ', '\n\n\n', '\u200B\u200B', '\uFEFF'),
    fc.constantFrom(...TRICKY),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'),
    fc.constantFrom('NaN', 'null', 'undefined', '-1', '1e309', '0x10', '../../etc/passwd', '%00', '%zz'),
    fc
      .tuple(
        fc.constantFrom('😀', '👨‍👩‍👧‍👦', 'a', 'ab ', 'x. ', '\uD800', 'ت', '字'),
        fc.integer({ min: 1_000, max: 700_000 }),
      )
      .map(([unit, count]) => new Repeated(unit, count)),
  );
