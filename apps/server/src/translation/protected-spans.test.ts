import { describe, expect, it } from 'vitest';
import { compileGlossary, protectedSpans, splitProtected } from './protected-spans.ts';
import { joinText } from './segment.ts';

const sentences = (text: string) =>
  splitProtected(text, 'eng_Latn')
    .filter((piece) => piece.kind === 'sentence')
    .map((piece) => piece.text);

describe('protected spans', () => {
  it.each([
    ['Hello {name}, you have {{count}} new messages.', ['{name}', '{{count}}']],
    [
      'Welcome ${user} to %1$s and %(site)s or %{place}; %d items, 50%% off',
      ['${user}', '%1$s', '%(site)s', '%{place}', '%d', '%%'],
    ],
    ['{count, plural, one {# item} other {# items}} left', ['{count, plural, one {# item} other {# items}}']],
    [
      'Run `npm ci` then open https://example.org/docs?a=1&b=2.',
      ['`npm ci`', 'https://example.org/docs?a=1&b=2'],
    ],
    ['Write to ana@example.co.ke or see www.sema.africa, thanks.', ['ana@example.co.ke', 'www.sema.africa']],
    ['Thanks @amina_n for #Kiswahili and #sema2026!', ['@amina_n', '#Kiswahili', '#sema2026']],
    ['Version 2.3.1 and v1.0 replace 1.2.3-beta.1.', ['2.3.1', 'v1.0', '1.2.3-beta.1']],
    ['The route /users/:id takes :name', [':id', ':name']],
    ['Click <b>here</b> or <0>there</0>.', ['<b>', '</b>', '<0>', '</0>']],
    // Weblate sends each placeholder to machine translation as [X<its offset>X].
    ['Hello [X6X], you have [X19X] new messages; see [X]', ['[X6X]', '[X19X]']],
    [
      '%lld photos, %1$ld of %lu; %#@files@ left (%arg) and 50% less',
      ['%lld', '%1$ld', '%lu', '%#@files@', '%arg'],
    ],
    ['Nothing to keep here: 3 apples, a colon: yes.', []],
    [
      'At 10:30 on 2026-11-25 pay 1,234.50 or 3,5 for 1.234.567 items',
      ['10:30', '2026-11-25', '1,234.50', '3,5', '1.234.567'],
    ],
  ])('finds what must stay in %j', (text, spans) => {
    expect(protectedSpans(text)).toEqual(spans);
  });

  it('sends only the words between spans to the model, and puts everything back', () => {
    const text = 'Hello {name}, visit https://example.org or mail a@b.org. Bye!';
    const pieces = splitProtected(text, 'eng_Latn');
    expect(sentences(text)).toEqual(['Hello', 'visit', 'or mail', 'Bye!']);
    // Joined with the words themselves, the text comes back character for character.
    const words = pieces.filter((piece) => piece.kind === 'sentence').map((piece) => piece.text);
    expect(joinText(pieces, words)).toBe(text);
    // Joined with translations, every span is where it was.
    expect(joinText(pieces, ['Hujambo', 'tembelea', 'au tuma barua pepe', 'Kwaheri!'])).toBe(
      'Hujambo {name}, tembelea https://example.org au tuma barua pepe a@b.org. Kwaheri!',
    );
  });

  it('translates the messages of ICU plurals and selects, keeping keywords and #', () => {
    const text = 'You have {count, plural, =0 {no messages} one {# message} other {# messages}} today.';
    expect(sentences(text)).toEqual(['You have', 'no messages', 'message', 'messages', 'today.']);
    const pieces = splitProtected(text, 'eng_Latn');
    expect(joinText(pieces, ['Una', 'hakuna ujumbe', 'ujumbe', 'jumbe', 'leo.'])).toBe(
      'Una {count, plural, =0 {hakuna ujumbe} one {# ujumbe} other {# jumbe}} leo.',
    );
    expect(sentences('{gender, select, female {She replied} other {They replied}}')).toEqual([
      'She replied',
      'They replied',
    ]);
    // Not well formed: kept whole, never half-translated.
    for (const whole of ['{n, plural, one {# item} other}', '{n, plural, one # item}', '{n, plural}']) {
      expect(sentences(`Go ${whole} now`)).toEqual(['Go', 'now']);
    }
  });

  it('is not fooled by hostile or broken input', () => {
    // Unbalanced braces and text that looks like a placeholder but is not closed are plain words.
    expect(protectedSpans('a { b {{ c %( d ${ e')).toEqual([]);
    expect(sentences('a { b {{ c')).toEqual(['a { b {{ c']);
    // Text shaped like a stand-in (`[1]`) is held itself, so it can never be taken for one; the rest is text.
    expect(protectedSpans('⟦0⟧ [[1]] __SEMA_0__')).toEqual(['[1]']);
    // Long hostile strings stay fast (no catastrophic backtracking).
    for (const hostile of [
      '{'.repeat(5000),
      '{a'.repeat(2500),
      `${'<a '.repeat(1600)}`,
      '%'.repeat(5000),
      `${'@'.repeat(5000)}`,
    ]) {
      const started = performance.now();
      const pieces = splitProtected(hostile, 'eng_Latn');
      expect(performance.now() - started).toBeLessThan(1000);
      expect(
        joinText(
          pieces,
          pieces.filter((piece) => piece.kind === 'sentence').map((piece) => piece.text),
        ),
      ).toBe(hostile);
    }
  });
});

describe('glossaries', () => {
  const glossary = compileGlossary({
    village: 'kijiji',
    'river bank': 'ukingo wa mto',
    Sema: 'Sema',
    'a+b(c': 'X',
  })!;
  const words = (text: string) =>
    splitProtected(text, 'eng_Latn', glossary)
      .filter((piece) => piece.kind === 'sentence')
      .map((piece) => piece.text);
  const joined = (text: string) => {
    const pieces = splitProtected(text, 'eng_Latn', glossary);
    return joinText(
      pieces,
      pieces.filter((piece) => piece.kind === 'sentence').map((piece) => `<${piece.text}>`),
    );
  };

  it('replaces whole-word terms in any case, longest first, and keeps them from the model', () => {
    expect(joined('The Village by the river bank uses Sema.')).toBe(
      '<The> kijiji <by the> ukingo wa mto <uses> Sema.',
    );
    expect(words('The Village by the river bank uses Sema.')).toEqual(['The', 'by the', 'uses']);
  });

  it('does not match inside other words, and escapes terms that look like patterns', () => {
    expect(joined('Villages and villagers')).toBe('<Villages and villagers>');
    expect(joined('compute a+b(c now')).toBe('<compute> X <now>');
  });

  it('finds terms that start with a sign, overlapping terms once, and the longest of those sharing a word', () => {
    const signs = compileGlossary({ '.NET': '.NET', river: 'mto', 'river bank': 'ukingo', bank: 'benki' })!;
    const found = (text: string) => [...signs.find(text)].map((hit) => `${hit.index}:${hit.term}`);
    expect(found('Use .NET by the River bank, not the bank.')).toEqual([
      '4:.NET',
      '16:River bank',
      '36:bank',
    ]);
    expect(found('.NETwork riverbank')).toEqual([]);
  });

  it('finds terms among 10,000 (indexed by first word, not one huge expression)', () => {
    const many = compileGlossary(
      Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`term${i} word${i % 97}`, `neno${i}`])),
    )!;
    const text = 'The fox term42 word42 jumps; term9999 word8 and term42 word41 do not. '.repeat(70);
    const hits = [...many.find(text)].map((hit) => hit.term);
    expect(hits).toHaveLength(140);
    expect(new Set(hits)).toEqual(new Set(['term42 word42', 'term9999 word8']));
  });

  it('works together with protected spans, and ignores empty terms', () => {
    expect(joined('Hello {name}, welcome to the village.')).toBe('<Hello> {name}, <welcome to the> kijiji.');
    expect(compileGlossary({ '': 'x', '  ': 'y' })).toBeUndefined();
  });
});
