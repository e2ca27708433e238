/**
 * Accuracy floors on the held-out UDHR test split (data/udhr-test.tsv: never seen in training or
 * tuning). The benchmark reports the exact figures; these floors sit a few points below them, so a
 * broken model, feature or rule fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createDetector } from './detector.ts';
import type { Sample } from './data/evaluate.ts';
import { evaluate } from './data/evaluate.ts';
import { MIN_FULL_CHARS, snippets } from './data/udhr-split.ts';

function readTsv(name: string): Sample[] {
  return readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [language, text] = line.split('\t') as [string, string];
      return { language, text };
    });
}

const detector = createDetector();
const detect = (text: string) => detector.detect(text)?.language;
const full = readTsv('udhr-test.tsv').filter((sample) => sample.text.length >= MIN_FULL_CHARS);

describe('accuracy on held-out text', () => {
  it('covers at least 150 languages', () => {
    expect(new Set(full.map((sample) => sample.language)).size).toBeGreaterThanOrEqual(150);
  });

  it('gets ≥ 96 % macro accuracy on whole held-out UDHR paragraphs', () => {
    expect(evaluate(full, detect).macro).toBeGreaterThanOrEqual(0.96);
  });

  it('gets ≥ 90 % macro accuracy on held-out snippets of ≤ 30 characters', () => {
    const short = full.flatMap(({ language, text }) =>
      snippets(text).map((snippet) => ({ language, text: snippet })),
    );
    expect(evaluate(short, detect).macro).toBeGreaterThanOrEqual(0.9);
  });

  it('gets ≥ 50 % macro accuracy on held-out CLDR names and dates (single words, mostly)', () => {
    expect(evaluate(readTsv('cldr-test.tsv'), detect).macro).toBeGreaterThanOrEqual(0.5);
  });

  it('is right for every language on whole paragraphs, except close pairs', () => {
    // Language pairs so close that a paragraph can read as either; every other language must be perfect
    // on at least 3 of 4 paragraphs.
    const closePairs = new Set([
      'bos_Latn',
      'hrv_Latn',
      'pes_Arab',
      'prs_Arab',
      'mag_Deva',
      'bho_Deva',
      'zsm_Latn',
      'ind_Latn',
    ]);
    const report = evaluate(full, detect);
    const weak = [...report.byLanguage]
      .filter(([language, stats]) => !closePairs.has(language) && stats.correct / stats.total < 0.75)
      .map(([language]) => language);
    expect(weak).toEqual([]);
  });
});
