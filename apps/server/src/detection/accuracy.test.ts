/**
 * Accuracy floors on held-out text: the UDHR test split (data/udhr-test.tsv), the CLDR test strings
 * and the everyday check set (data/everyday-test.tsv), none of them seen in training or tuning. The
 * benchmark reports the exact figures; these floors sit a little below them, so a broken model,
 * feature or rule fails here.
 */
import { describe, expect, it } from 'vitest';
import { POPULAR_CODES } from '@sema/shared/languages/catalogue';
import { createDetector } from './detector.ts';
import { evaluate } from '../../scripts/detector-training/data/evaluate.ts';
import { readSamples } from '../../scripts/detector-training/data/read-samples.ts';
import { MIN_FULL_CHARS, snippets } from '../../scripts/detector-training/data/udhr-split.ts';
import { mostSpoken } from './speakers.ts';

const detector = createDetector();
const detect = (text: string) => detector.detect(text)?.language;
const full = readSamples('udhr-test.tsv').filter((sample) => sample.text.length >= MIN_FULL_CHARS);

/**
 * Each of `floors.each` had at least `floors.samples` of these texts and was read right on
 * `floors.accuracy` of them; the report covers `floors.languages` languages at a `floors.macro` macro.
 */
function expectFloors(
  samples: Parameters<typeof evaluate>[0],
  floors: { each: string[]; samples: number; accuracy: number; languages: number; macro: number },
) {
  const report = evaluate(samples, detect);
  for (const language of floors.each) {
    const stats = report.byLanguage.get(language);
    expect(stats?.total ?? 0, language).toBeGreaterThanOrEqual(floors.samples);
    expect(stats!.correct / stats!.total, language).toBeGreaterThanOrEqual(floors.accuracy);
  }
  expect(report.byLanguage.size).toBeGreaterThanOrEqual(floors.languages);
  expect(report.macro).toBeGreaterThanOrEqual(floors.macro);
}

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
    expect(evaluate(readSamples('cldr-test.tsv'), detect).macro).toBeGreaterThanOrEqual(0.5);
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

describe('accuracy on held-out long-tail text', () => {
  // The test band of the openly licensed running text (training/long-tail/MANIFEST.md).
  const longTail = readSamples('long-tail-test.tsv').filter((sample) => sample.text.length >= MIN_FULL_CHARS);

  it('tells Dholuo (Swahili, Javanese and Kirundi took it before its own text) on whole verses', () => {
    const luo = longTail.filter(({ language }) => language === 'luo_Latn');
    expect(luo.length).toBeGreaterThanOrEqual(8);
    expect(evaluate(luo, detect).macro).toBeGreaterThanOrEqual(0.9);
  });

  it('tells the languages the detector had no text for from their neighbours, on whole sentences', () => {
    // Before their Seed text: Meitei read as Bengali, Kashmiri (Devanagari) as Hindi, Kanuri (Arabic
    // script) as Kashmiri, Lombard as Italian, all at 0 %; Dinka and Latgalian 90 %.
    expectFloors(longTail, {
      each: ['dik_Latn', 'ltg_Latn', 'knc_Arab', 'mni_Beng', 'kas_Deva', 'lmo_Latn', 'fuv_Latn'],
      samples: 30,
      accuracy: 0.9,
      languages: 17,
      macro: 0.95,
    });
  });

  it('gets ≥ 80 % macro accuracy on their snippets of ≤ 30 characters', () => {
    const short = longTail.flatMap(({ language, text }) =>
      snippets(text).map((snippet) => ({ language, text: snippet })),
    );
    expect(evaluate(short, detect).macro).toBeGreaterThanOrEqual(0.8);
  });
});

describe('accuracy on held-out everyday messages', () => {
  const everyday = readSamples('everyday-test.tsv');
  const top = new Set(mostSpoken(60));
  const popular = new Set<string>(POPULAR_CODES);

  it('gets ≥ 90 % macro accuracy on the popular set', () => {
    const report = evaluate(
      everyday.filter(({ language }) => popular.has(language)),
      detect,
    );
    expect(report.byLanguage.size).toBe(popular.size);
    expect(report.macro).toBeGreaterThanOrEqual(0.9);
  });

  it('gets ≥ 84 % macro accuracy on the 60 most spoken languages', () => {
    const report = evaluate(
      everyday.filter(({ language }) => top.has(language)),
      detect,
    );
    expect(report.byLanguage.size).toBe(60);
    expect(report.macro).toBeGreaterThanOrEqual(0.84);
  });

  it('gets ≥ 79 % on their smaller neighbours, whom the prior must not swallow', () => {
    const report = evaluate(
      everyday.filter(({ language }) => !top.has(language)),
      detect,
    );
    // Measured 85.0 % (51 of 60 messages): 88.3 % before the FLORES text of issue 50, which taught
    // Spanish and Russian the news register their smaller neighbours' greetings lost to (80.0 %);
    // Galician and Asturian marker words won most of it back.
    expect(report.macro).toBeGreaterThanOrEqual(0.84);
  });
});

describe('accuracy on held-out FLORES sentences (SIB-200 train and dev files)', () => {
  // Every other sentence of the held-out band of the languages trained on SIB-200 (training/sib-text.ts,
  // data/sib-held-out.tsv: 20 a language). Measured: 97 % macro, 87 % on snippets, 19–20 of 20 below.
  const flores = readSamples('sib-held-out.tsv').filter((sample) => sample.text.length >= MIN_FULL_CHARS);

  it('tells Kikuyu, Kamba and Tumbuka (no running text before issue 50) and their neighbours', () => {
    // Before their text: Kamba 25 % (read as Swahili), Tumbuka 40 % (Swahili, Chichewa), Sango 28 %,
    // Dyula 0 %, Chokwe 58 %.
    expectFloors(flores, {
      each: ['kik_Latn', 'kam_Latn', 'tum_Latn', 'sag_Latn', 'dyu_Latn', 'cjk_Latn', 'swh_Latn'],
      samples: 15,
      accuracy: 0.85,
      languages: 170,
      macro: 0.94,
    });
  });

  it('reads Kanuri in Arabic script written without vowel marks (5 % before it learnt that spelling)', () => {
    // The held-out band is nearly all unmarked, the Seed text all marked (training/sources.ts).
    // Measured 14 of these 20; the rest go to Banjar and Acehnese Jawi.
    const kanuri = flores.filter(({ language }) => language === 'knc_Arab');
    expect(kanuri.length).toBe(20);
    expect(evaluate(kanuri, detect).macro).toBeGreaterThanOrEqual(0.6);
  });

  it('keeps snippets of ≤ 30 characters of those languages above the floor', () => {
    const short = flores.flatMap(({ language, text }) =>
      snippets(text).map((snippet) => ({ language, text: snippet })),
    );
    expect(evaluate(short, detect).macro).toBeGreaterThanOrEqual(0.84);
  });
});
