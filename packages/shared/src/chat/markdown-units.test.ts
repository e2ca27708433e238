import { describe, expect, it } from 'vitest';

import { MarkdownUnitCutter, plainInline, type Unit } from './markdown-units.ts';

/** Streams `text` in chunks of `size` characters; returns every unit in order, and the whole text they rebuild. */
function cut(text: string, size = 3): { units: Unit[]; rebuilt: string; translated: string[] } {
  const cutter = new MarkdownUnitCutter();
  const units: Unit[] = [];
  for (let i = 0; i < text.length; i += size) units.push(...cutter.push(text.slice(i, i + size)));
  units.push(...cutter.end());
  return {
    units,
    rebuilt: units.map((unit) => unit.text).join(''),
    translated: units.flatMap((unit) => (unit.kind === 'translate' ? [unit.text] : [])),
  };
}

describe('MarkdownUnitCutter', () => {
  const answer = [
    '# Greetings in Swahili',
    '',
    'Here are some greetings. They are **common** in Kenya!',
    '',
    '1. Say *Jambo* to anyone.',
    '- [ ] Learn `Habari`.',
    '> Quote me. Please.',
    '',
    '| Word | Meaning |',
    '| --- | --- |',
    '| Asante | Thank you |',
    '',
    '```python',
    'print("Hello. World.")',
    '```',
    '---',
    'Done.',
  ].join('\n');

  it.each([1, 3, 7, 1000])('rebuilds the answer exactly and translates only prose (chunks of %i)', (size) => {
    const { rebuilt, translated } = cut(answer, size);
    expect(rebuilt).toBe(answer);
    expect(translated).toEqual([
      'Greetings in Swahili',
      'Here are some greetings.',
      'They are **common** in Kenya!',
      'Say *Jambo* to anyone.',
      'Learn',
      'Quote me.',
      'Please.',
      'Word',
      'Meaning',
      'Asante',
      'Thank you',
      'Done.',
    ]);
  });

  it('hands out a sentence as soon as the next one has begun, before the line ends', () => {
    const cutter = new MarkdownUnitCutter();
    expect(cutter.push('- First point is here')).toEqual([]);
    expect(cutter.push('. Second')).toEqual([
      { kind: 'literal', text: '- ' },
      { kind: 'translate', text: 'First point is here.' },
      { kind: 'literal', text: ' ' },
    ]);
    expect(cutter.push(' point.\n')).toEqual([
      { kind: 'translate', text: 'Second point.' },
      { kind: 'literal', text: '\n' },
    ]);
  });

  it('keeps a code block whole and untranslated even when it looks like prose', () => {
    const { translated } = cut('Run this:\n```\nIt is fine. Really.\n```\nOk.', 2);
    expect(translated).toEqual(['Run this:', 'Ok.']);
  });

  it.each([
    ['**Tip:** Drink water.', ['Tip:', 'Drink water.']],
    ['**Step 1**: Boil it.', ['Step 1', 'Boil it.']],
    ['*Do not drink it.*', ['Do not drink it.']],
    ['Run `npm install` to get it.', ['Run', 'to get it.']],
    ['Use ``a `b` c`` here.', ['Use', 'here.']],
    ['See [the guide](https://example.org/a_b) for more.', ['See', 'the guide', 'for more.']],
    ['Visit https://example.org/path?q=1.', ['Visit']],
    ['![A map](map.png) shows the way.', ['shows the way.']],
    ['They are **common** in Kenya!', ['They are **common** in Kenya!']],
    ['*Do not drink it.* Boil it first.', ['Do not drink it.', 'Boil it first.']],
    ['Is it **ready?** Yes.', ['Is it **ready?**', 'Yes.']],
    ['Open [the page. Now](https://x.org/?a=1) please.', ['Open', 'the page. Now', 'please.']],
  ])('keeps the inline Markdown of %j and translates only its prose', (line, expected) => {
    for (const size of [1, 4, 1000]) {
      const { rebuilt, translated } = cut(line, size);
      expect(rebuilt).toBe(line);
      expect(translated).toEqual(expected);
    }
  });

  it('leaves pieces without letters as they are', () => {
    const { units } = cut('42. 7 + 8 = 15.');
    expect(units.every((unit) => unit.kind === 'literal')).toBe(true);
  });
});

describe('plainInline', () => {
  it('removes inline Markdown a translation model would garble', () => {
    expect(plainInline('Use **bold**, *it*, _em_, `code` and [a link](https://x.org).')).toBe(
      'Use bold, it, em, code and a link.',
    );
    expect(plainInline('snake_case_name and 2 * 3 * 4')).toBe('snake_case_name and 2 * 3 * 4');
  });
});
