/**
 * The everyday check set (data/everyday-test.tsv) is held out: none of its texts, nor of the dev set
 * that tunes the prior (data/everyday-dev.tsv), is a sentence of the training phrases. Words are
 * shared, as they must be ("danke" has to be learnt somewhere); whole messages are not.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUE, POPULAR_CODES } from '@sema/shared/languages/catalogue';
import { readSamples } from '../../scripts/detector-training/data/read-samples.ts';
import { mostSpoken } from './speakers.ts';
import { EVERYDAY_GREETINGS } from '../../scripts/detector-training/training/everyday-greetings.ts';
import { EVERYDAY_PHRASES } from '../../scripts/detector-training/training/everyday-phrases.ts';

const test = readSamples('everyday-test.tsv');
const dev = readSamples('everyday-dev.tsv');
const comparable = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}]+/gu, ' ')
    .trim();

describe('everyday messages', () => {
  it('cover the 60 most spoken languages and the popular set, at least 4 messages each', () => {
    const perLanguage = new Map<string, number>();
    for (const { language } of test) perLanguage.set(language, (perLanguage.get(language) ?? 0) + 1);
    for (const code of new Set([...mostSpoken(60), ...POPULAR_CODES])) {
      expect(perLanguage.get(code) ?? 0, code).toBeGreaterThanOrEqual(4);
    }
  });

  it('are short messages in catalogue languages: 1 to 8 words, no tabs', () => {
    const codes = new Set(CATALOGUE.map(({ code }) => code));
    for (const { language, text } of [...test, ...dev]) {
      expect(codes.has(language), language).toBe(true);
      expect(text.trim().split(/\s+/).length, text).toBeLessThanOrEqual(8);
      expect(text).not.toContain('\t');
    }
  });

  it('share no message between the test and dev sets or with the training phrases', () => {
    const training = new Set<string>();
    for (const phrasebook of [EVERYDAY_PHRASES, EVERYDAY_GREETINGS]) {
      for (const phrases of Object.values(phrasebook)) {
        for (const sentence of phrases.split(/(?<=[.!?。！？।۔])\s+|\n/u)) training.add(comparable(sentence));
      }
    }
    const devTexts = new Set(dev.map(({ text }) => comparable(text)));
    expect(test.filter(({ text }) => training.has(comparable(text)))).toEqual([]);
    expect(dev.filter(({ text }) => training.has(comparable(text)))).toEqual([]);
    expect(test.filter(({ text }) => devTexts.has(comparable(text)))).toEqual([]);
  });
});
