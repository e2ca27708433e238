import { describe, expect, it } from 'vitest';
import { unvowelledCopies } from './sources.ts';
import type { SourceText } from './sources.ts';

describe('unvowelled copies of Kanuri Ajami', () => {
  const vowelled = 'كُرُ شِدَ تِلِبِشَنْيِ كَدَ بَدِيَرَمْ';
  const line = (language: string, split: SourceText['split'], text = vowelled): SourceText => ({
    language,
    text,
    split,
    source: 'sib',
  });

  it('adds each vowelled train and dev line again without its marks', () => {
    const copies = unvowelledCopies([line('knc_Arab', 'train'), line('knc_Arab', 'dev')]);
    expect(copies.map(({ text }) => text)).toEqual(['كر شد تلبشني كد بديرم', 'كر شد تلبشني كد بديرم']);
    expect(copies.map(({ split }) => split)).toEqual(['train', 'dev']);
  });

  it('copies no held-out line, no line already bare, and no other language', () => {
    expect(
      unvowelledCopies([
        line('knc_Arab', 'test'),
        line('knc_Arab', 'train', 'كر شد تلبشني كد بديرم'),
        line('ara_Arab', 'train', 'كَتَبَ الوَلَدُ الدَّرْسَ'),
      ]),
    ).toEqual([]);
  });
});
