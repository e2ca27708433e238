import { describe, expect, it } from 'vitest';
import { joinText, localeFor, sentencesOf, splitText } from './segment.ts';

const identity = (text: string, language = 'eng_Latn') => {
  const pieces = splitText(text, language);
  return joinText(pieces, sentencesOf(pieces));
};

describe('splitText', () => {
  it('splits sentences and keeps the blank line between paragraphs as a gap', () => {
    const pieces = splitText('Hello.\n\nHow are you? Fine, thanks.', 'eng_Latn');
    expect(pieces).toEqual([
      { kind: 'sentence', text: 'Hello.' },
      { kind: 'gap', text: '\n\n' },
      { kind: 'sentence', text: 'How are you?' },
      { kind: 'gap', text: ' ' },
      { kind: 'sentence', text: 'Fine, thanks.' },
    ]);
  });

  it('gives back the exact input when every sentence is kept', () => {
    const texts = [
      '  Leading spaces.\tTab after.  \r\n\r\nWindows lines\rold Mac line\n\n\n   indented last line   ',
      '你好。今天天气很好！我们去公园吧。',
      'Line one\nLine two without a stop\n',
      'emoji 👋🏽 and more. Ünïcödé tëxt?',
    ];
    for (const text of texts) expect(identity(text)).toBe(text);
  });

  it('puts translations back between the original whitespace and line breaks', () => {
    const pieces = splitText('One.  Two.\n\n\tThree.\n', 'eng_Latn');
    expect(joinText(pieces, ['Moja.', 'Mbili.', 'Tatu.'])).toBe('Moja.  Mbili.\n\n\tTatu.\n');
  });

  it('uses the sentence rules of the source language (Chinese full stops)', () => {
    expect(sentencesOf(splitText('你好。今天天气很好！', 'cmn_Hans'))).toEqual(['你好。', '今天天气很好！']);
  });

  it('cuts a sentence longer than the limit at word boundaries without losing a character', () => {
    const sentence = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    const pieces = splitText(sentence, 'eng_Latn', 100);
    const chunks = sentencesOf(pieces);
    expect(chunks.length).toBeGreaterThan(20);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(100);
      expect(chunk).toMatch(/^word\d+( word\d+)*$/);
    }
    expect(joinText(pieces, chunks)).toBe(sentence);
  });

  it('hard-cuts an endless word without splitting a surrogate pair', () => {
    const word = '𝒜'.repeat(150); // 300 UTF-16 units
    const pieces = splitText(word, 'eng_Latn', 101);
    const chunks = sentencesOf(pieces);
    expect(chunks.join('')).toBe(word);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(101);
      expect(chunk.isWellFormed()).toBe(true);
    }
  });

  it('never yields blank sentences', () => {
    const pieces = splitText('\n\n  \n. \n', 'eng_Latn');
    for (const sentence of sentencesOf(pieces)) expect(sentence.trim()).not.toBe('');
  });
});

describe('localeFor', () => {
  it('maps catalogue codes to BCP 47 locales', () => {
    expect(localeFor('eng_Latn')).toBe('en-Latn');
    expect(localeFor('cmn_Hans')).toBe('zh-Hans');
    expect(localeFor('swh_Latn')).toBe('sw-Latn');
  });
});
