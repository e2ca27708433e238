/**
 * All the training text, per catalogue language and split: the UDHR paragraphs where a usable
 * translation exists, and for languages without one, CLDR strings and gettext catalogues.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUE, fromModelCode } from '@sema/shared/languages/catalogue';
import type { Split } from '../data/udhr-split.ts';
import { splitOf } from '../data/udhr-split.ts';
import { scriptOfLanguage } from '../../../src/detection/script-languages.ts';
import type { Script } from '../../../src/detection/unicode-script.ts';
import { countScripts } from '../../../src/detection/unicode-script.ts';
import { cldrText } from './cldr-text.ts';
import { readUdhr } from './corpus.ts';
import { SIB_LANGUAGES, sibLines, sibTrainNeighbours } from './sib-text.ts';
import { EVERYDAY_GREETINGS } from './everyday-greetings.ts';
import { EVERYDAY_PHRASES } from './everyday-phrases.ts';
import { gettextText, isLgplCatalogue } from './gettext-text.ts';

export interface SourceText {
  language: string;
  text: string;
  split: Split;
  source: 'udhr' | 'longtail' | 'sib' | 'cldr' | 'gettext' | 'phrases';
}

/** Sources of running sentences (evaluated whole and as snippets), as against word lists. */
export const SENTENCE_SOURCES: ReadonlySet<SourceText['source']> = new Set(['udhr', 'longtail', 'sib']);

/**
 * Openly licensed running text for catalogue languages the UDHR lacks or serves badly, one file per
 * catalogue code in training/long-tail/ (sources, licences and amounts: long-tail/MANIFEST.md).
 */
const LONG_TAIL_DIR = new URL('./long-tail/', import.meta.url);

function readLongTail(): SourceText[] {
  if (!fs.existsSync(LONG_TAIL_DIR)) return [];
  const texts: SourceText[] = [];
  for (const file of fs.readdirSync(LONG_TAIL_DIR).sort()) {
    if (!file.endsWith('.txt')) continue;
    const language = file.slice(0, -'.txt'.length);
    const lines = fs
      .readFileSync(new URL(file, LONG_TAIL_DIR), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    // The same position bands as the UDHR: held-out lines are a stretch of text never trained on.
    texts.push(...cappedLines(language, lines, 'longtail', (index) => splitOf(index, lines.length)));
  }
  return texts;
}

/** FLORES sentences from SIB-200's train and dev files (sib-text.ts), for SIB_LANGUAGES. */
function readSib(): SourceText[] {
  return SIB_LANGUAGES.flatMap((language) => {
    const lines = sibLines(language);
    return cappedLines(
      language,
      lines.map(({ text }) => text),
      'sib',
      (index) => lines[index]!.split,
    );
  });
}

/** All dev and test lines, and an even sample of the train lines capped at MAX_LONG_TAIL_TRAIN_CHARS. */
function cappedLines(
  language: string,
  lines: readonly string[],
  source: 'longtail' | 'sib',
  splitAt: (index: number) => Split,
): SourceText[] {
  const split = lines.map((_, index) => splitAt(index));
  // Training text is capped near what a UDHR language has (its dev and test lines are not): with
  // 17,000 characters of Seed, Chhattisgarhi took Hindi's software messages and Limburgish
  // Afrikaans' (78 % and 79 % right, from 80 % or more).
  const train = new Set(
    evenSample(
      lines.filter((_, index) => split[index] === 'train'),
      MAX_LONG_TAIL_TRAIN_CHARS,
    ),
  );
  return lines.flatMap((text, index) =>
    split[index] !== 'train' || train.has(text) ? [{ language, text, split: split[index]!, source }] : [],
  );
}

/**
 * Languages whose Arabic-script text is written both with every vowel mark (Ajami as Seed and half of
 * SIB-200 give it) and without any (the other half of SIB-200's Kanuri, and most Kanuri on the web).
 * The model counts marks as letters, so trained on the vowelled lines it knew only half of the
 * written language: 5 % of Kanuri's unvowelled FLORES sentences were right (read as Banjar, Acehnese
 * and Arabic), 100 % of its vowelled Seed ones.
 */
const VOWEL_MARKED_AJAMI: ReadonlySet<string> = new Set(['knc_Arab']);

/** Arabic vowel and reading marks (harakat, shadda, sukun, dagger alif, Kanuri's ٗ), not letters. */
const ARABIC_VOWEL_MARKS = /[\u064B-\u065F\u0670\u06D6-\u06ED\u08D3-\u08FF]/g;

/** Vowelled train and dev lines with their marks removed, so that both ways of writing them are learnt. */
export function unvowelledCopies(texts: readonly SourceText[]): SourceText[] {
  return texts.flatMap((text) => {
    if (text.split === 'test' || !VOWEL_MARKED_AJAMI.has(text.language)) return [];
    const bare = text.text.replace(ARABIC_VOWEL_MARKS, '');
    return bare.length < text.text.length * 0.9 ? [{ ...text, text: bare }] : [];
  });
}

/**
 * SIB-200 sentences written without marks from the train band's articles beyond the 200 picked
 * (sib-text.ts, sibTrainNeighbours), up to the usual cap: stripping Seed's marks gives words spelt
 * without their vowels, while Kanuri written bare spells long vowels out (كورو, لينووين), as only
 * such text teaches (with the copies alone, 38 % of its held-out FLORES sentences were right).
 */
function unvowelledSibNeighbours(language: string): SourceText[] {
  if (!SIB_LANGUAGES.includes(language)) return [];
  const bare = sibTrainNeighbours(language).filter(
    (text) => text.replace(ARABIC_VOWEL_MARKS, '').length >= text.length * 0.95,
  );
  return evenSample(bare, MAX_LONG_TAIL_TRAIN_CHARS).map((text) => ({
    language,
    text,
    split: 'train' as const,
    source: 'sib' as const,
  }));
}

/** Long-tail training text per language at most (characters): about a UDHR language's, CLDR included. */
const MAX_LONG_TAIL_TRAIN_CHARS = 10_000;

/** UDHR files that hold another language's text, with the reason (found by reading them). */
export const UNUSABLE_UDHR: Record<string, string> = {
  aka_Latn: 'the same text as twi_Latn (both are the Akuapem Twi declaration)',
};

/** CLDR locales for catalogue languages without a usable UDHR translation. */
// Kamba, Kikuyu and Luo have CLDR locales too, but their names are mostly copied from Swahili:
// training on them taught the model to answer Kikuyu for Swahili.
export const CLDR_LOCALES: Record<string, string> = {
  asm_Beng: 'as',
  bak_Cyrl: 'ba',
  kas_Arab: 'ks',
  kas_Deva: 'ks-Deva',
  lmo_Latn: 'lmo',
  mni_Beng: 'mni',
  nus_Latn: 'nus',
  scn_Latn: 'scn',
  snd_Arab: 'sd',
  srd_Latn: 'sc',
  szl_Latn: 'szl',
  ckb_Arab: 'ckb',
  // Standard Moroccan Tamazight in Tifinagh: the nearest CLDR has to Central Atlas Tamazight.
  tzm_Tfng: 'zgh',
  aka_Latn: 'ak',
};

/** gettext locales (under /usr/share/locale) for catalogue languages without a UDHR translation. */
export const GETTEXT_LOCALES: Record<string, string> = {
  asm_Beng: 'as',
  bak_Cyrl: 'ba',
  ckb_Arab: 'ckb',
  kon_Latn: 'kg',
  // Not Limburgish: it has running text now (long-tail/), and with GTK's messages beside it the model
  // took Dutch and Afrikaans software messages for Limburgish (71 % and 79 % right, from 80–90 %).
  // The UDHR's "oci_Latn" is an Alpine variety far from the standard (Languedocien) Occitan that
  // NLLB means; GTK's Occitan is the standard.
  oci_Latn: 'oc',
  snd_Arab: 'sd',
  srd_Latn: 'sc',
};

/** Whether most letters of the text are in the script. */
function mostlyIn(text: string, script: Script): boolean {
  const counts = countScripts(text);
  // Japanese mixes kana with Han.
  if (script === 'Hiragana')
    counts.set(
      'Hiragana',
      (counts.get('Hiragana') ?? 0) + (counts.get('Katakana') ?? 0) + (counts.get('Han') ?? 0),
    );
  let letters = 0;
  for (const count of counts.values()) letters += count;
  return letters > 0 && (counts.get(script) ?? 0) >= 0.8 * letters;
}

/**
 * Software messages per language at most (characters): more would make these languages experts in
 * software jargon, drawing every technical text to themselves.
 */
const MAX_GETTEXT_CHARS = 20_000;

/** An even spread of `texts` totalling about `maxChars` characters. */
function evenSample(texts: readonly string[], maxChars: number): string[] {
  const total = texts.reduce((sum, text) => sum + text.length, 0);
  if (total <= maxChars) return [...texts];
  const step = total / maxChars;
  return texts.filter((_, index) => Math.floor(index / step) !== Math.floor((index - 1) / step));
}

/** Short strings are split by position in their list: 60 % train, 20 % dev, 20 % test. */
function listSplit(index: number): Split {
  const slot = index % 5;
  return slot === 2 ? 'dev' : slot === 4 ? 'test' : 'train';
}

export interface SourceReport {
  texts: SourceText[];
  /** Why a language's UDHR file was left out. */
  skipped: Map<string, string>;
}

/** CLDR locale per catalogue code, from the reference table's `cldr_locale` column. */
function readCldrLocales(tablePath: string): Map<string, string> {
  const locales = new Map<string, string>();
  if (!fs.existsSync(tablePath)) return locales;
  const [head, ...rows] = fs.readFileSync(tablePath, 'utf8').trim().split('\n');
  const columns = head!.split('\t');
  const codeColumn = columns.indexOf('code');
  const localeColumn = columns.indexOf('cldr_locale');
  for (const row of rows) {
    const cells = row.split('\t');
    const locale = cells[localeColumn];
    if (locale) locales.set(fromModelCode(cells[codeColumn]!), locale);
  }
  return locales;
}

export interface SourceOptions {
  /** Train every language on its CLDR strings too, not only those without a UDHR translation. */
  cldrForAll: boolean;
  gettextRoot: string;
}

export function collectSources(
  udhrDirectory: string,
  { cldrForAll, gettextRoot }: SourceOptions = { cldrForAll: false, gettextRoot: '/usr/share/locale' },
): SourceReport {
  const texts: SourceText[] = [];
  const skipped = new Map<string, string>(Object.entries(UNUSABLE_UDHR));
  const udhrByLanguage = new Map<string, { text: string; split: Split }[]>();
  for (const line of readUdhr(udhrDirectory)) {
    const lines = udhrByLanguage.get(line.language) ?? [];
    lines.push(line);
    udhrByLanguage.set(line.language, lines);
  }
  const withUdhr = new Set<string>();
  for (const [language, lines] of udhrByLanguage) {
    if (skipped.has(language)) continue;
    const script = scriptOfLanguage(language);
    const inScript = lines.filter((line) => mostlyIn(line.text, script)).length;
    if (inScript < lines.length / 2) {
      skipped.set(language, `its UDHR file is not written in ${script}`);
      continue;
    }
    withUdhr.add(language);
    for (const line of lines) texts.push({ language, text: line.text, split: line.split, source: 'udhr' });
  }
  for (const { code } of CATALOGUE) {
    const script = scriptOfLanguage(code);
    const cldrLocale = CLDR_LOCALES[code];
    if (cldrLocale && !withUdhr.has(code)) {
      cldrText(cldrLocale, script).forEach((text, index) =>
        texts.push({ language: code, text, split: listSplit(index), source: 'cldr' }),
      );
    }
    const gettextLocale = GETTEXT_LOCALES[code];
    if (gettextLocale) {
      evenSample(
        gettextText(gettextLocale, gettextRoot, isLgplCatalogue).filter((text) => mostlyIn(text, script)),
        MAX_GETTEXT_CHARS,
      ).forEach((text, index) =>
        texts.push({ language: code, text, split: listSplit(index), source: 'gettext' }),
      );
    }
  }
  texts.push(...readSib());
  texts.push(...readLongTail().filter(({ language }) => CATALOGUE.some(({ code }) => code === language)));
  texts.push(...unvowelledCopies(texts));
  for (const language of VOWEL_MARKED_AJAMI) texts.push(...unvowelledSibNeighbours(language));
  for (const phrasebook of [EVERYDAY_PHRASES, EVERYDAY_GREETINGS]) {
    for (const [language, phrases] of Object.entries(phrasebook)) {
      for (const text of phrases.split('\n'))
        texts.push({ language, text, split: 'train', source: 'phrases' });
    }
  }
  const table = path.join(udhrDirectory, '..', 'nllb-languages.tsv');
  if (cldrForAll) {
    // Every language learns from both kinds of text; when only some did, those drew every list-like
    // input (names, dates) towards themselves.
    const taken = new Set(Object.values(CLDR_LOCALES));
    for (const [code, locale] of readCldrLocales(table)) {
      if (!withUdhr.has(code) || taken.has(locale)) continue;
      cldrText(locale, scriptOfLanguage(code)).forEach((text, index) =>
        texts.push({ language: code, text, split: listSplit(index), source: 'cldr' }),
      );
    }
  }
  return { texts, skipped };
}
