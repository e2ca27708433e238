/**
 * All the training text, per catalogue language and split: the UDHR paragraphs where a usable
 * translation exists, and for languages without one, CLDR strings and gettext catalogues.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUE, fromModelCode } from '@sema/shared/languages/catalogue';
import type { Split } from '../data/udhr-split.ts';
import { SINGLE_LANGUAGE_SCRIPTS, scriptOfLanguage } from '../script-languages.ts';
import type { Script } from '../unicode-script.ts';
import { countScripts } from '../unicode-script.ts';
import { cldrText } from './cldr-text.ts';
import { readUdhr } from './corpus.ts';
import { gettextText, isLgplCatalogue } from './gettext-text.ts';

export interface SourceText {
  language: string;
  text: string;
  split: Split;
  /**
   * Where it comes from. `cldr-ood` is CLDR text of languages trained on the UDHR only: never trained
   * on, it measures how the model copes with text unlike the declaration (names, dates, units).
   */
  source: 'udhr' | 'cldr' | 'gettext' | 'cldr-ood' | 'gettext-ood';
}

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
  lim_Latn: 'li',
  snd_Arab: 'sd',
  srd_Latn: 'sc',
};

/** Scripts decided by rules rather than the model: their languages are tested out of domain too. */
const SINGLE_OR_RULED = new Set<Script>([
  ...(Object.keys(SINGLE_LANGUAGE_SCRIPTS) as Script[]),
  'Han',
  'Hiragana',
]);

/** Whether most letters of the text are in the script. */
function mostlyIn(text: string, script: Script): boolean {
  const counts = countScripts(text);
  // Japanese mixes kana with Han.
  if (script === 'Hiragana') counts.set('Hiragana', (counts.get('Hiragana') ?? 0) + (counts.get('Katakana') ?? 0) + (counts.get('Han') ?? 0));
  let letters = 0;
  for (const count of counts.values()) letters += count;
  return letters > 0 && (counts.get(script) ?? 0) >= 0.8 * letters;
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

/** Out-of-domain test text: CLDR strings of UDHR-trained languages, minus those two languages share. */
function outOfDomain(languages: ReadonlySet<string>, tablePath: string): SourceText[] {
  const trainingLocales = new Set([...Object.values(CLDR_LOCALES)]);
  const byLanguage = new Map<string, string[]>();
  const owners = new Map<string, number>();
  for (const [code, locale] of readCldrLocales(tablePath)) {
    if (!languages.has(code) || trainingLocales.has(locale)) continue;
    const texts = cldrText(locale, scriptOfLanguage(code));
    byLanguage.set(code, texts);
    for (const text of texts) owners.set(text, (owners.get(text) ?? 0) + 1);
  }
  const result: SourceText[] = [];
  for (const [language, texts] of byLanguage) {
    texts
      .filter((text) => owners.get(text) === 1)
      .forEach((text, index) => result.push({ language, text, split: listSplit(index), source: 'cldr-ood' }));
  }
  return result;
}

/** Software messages per language, at most this many per split: plenty for a per-language accuracy. */
const OOD_MESSAGES_PER_SPLIT = 80;
/** gettext directories for catalogue codes whose CLDR locale does not name one. */
const GETTEXT_DIRECTORIES: Record<string, string> = {
  cmn_Hans: 'zh_CN',
  cmn_Hant: 'zh_TW',
  azb_Arab: 'az_IR',
};

/**
 * Out-of-domain test text of a second kind: messages of the software installed on this machine
 * (gettext catalogues of any licence; test text never ships). Whole messages of 30 to 300
 * characters, never one that two languages share.
 */
function gettextOutOfDomain(languages: ReadonlySet<string>, tablePath: string, root: string): SourceText[] {
  const trainingLocales = new Set(Object.values(GETTEXT_LOCALES));
  const byLanguage = new Map<string, string[]>();
  const owners = new Map<string, number>();
  const directories = new Map(readCldrLocales(tablePath));
  for (const [code, directory] of Object.entries(GETTEXT_DIRECTORIES)) directories.set(code, directory);
  for (const { code } of CATALOGUE) {
    const locale = directories.get(code);
    if (!locale) continue;
    // 'bs-Latn' → 'bs'; Dari ('fa-AF') and Akan ('ak', shared by two catalogue codes) have no directory of their own.
    const directory = GETTEXT_DIRECTORIES[code] ?? (locale.includes('-') && !/-(Latn|Cyrl|Guru|Arab)$/.test(locale) ? null : locale.split('-')[0]);
    if (!directory || code === 'aka_Latn' || code === 'twi_Latn') continue;
    if (trainingLocales.has(directory) || (!languages.has(code) && !SINGLE_OR_RULED.has(scriptOfLanguage(code)))) continue;
    const script = scriptOfLanguage(code);
    const texts = gettextText(directory, root).filter(
      (text) => text.length >= 30 && text.length <= 300 && mostlyIn(text, script),
    );
    byLanguage.set(code, texts);
    for (const text of texts) owners.set(text, (owners.get(text) ?? 0) + 1);
  }
  const result: SourceText[] = [];
  for (const [language, texts] of byLanguage) {
    const own = texts.filter((text) => owners.get(text) === 1);
    // An even spread over the catalogue, the same every run.
    const step = Math.max(1, Math.floor(own.length / (2 * OOD_MESSAGES_PER_SPLIT)));
    for (let index = 0, taken = 0; index < own.length && taken < 2 * OOD_MESSAGES_PER_SPLIT; index += step, taken++) {
      result.push({ language, text: own[index]!, split: taken % 2 === 0 ? 'dev' : 'test', source: 'gettext-ood' });
    }
  }
  return result;
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
    if (withUdhr.has(code)) continue;
    const script = scriptOfLanguage(code);
    const cldrLocale = CLDR_LOCALES[code];
    if (cldrLocale) {
      cldrText(cldrLocale, script).forEach((text, index) =>
        texts.push({ language: code, text, split: listSplit(index), source: 'cldr' }),
      );
    }
    const gettextLocale = GETTEXT_LOCALES[code];
    if (gettextLocale) {
      gettextText(gettextLocale, gettextRoot, isLgplCatalogue)
        .filter((text) => mostlyIn(text, script))
        .forEach((text, index) => texts.push({ language: code, text, split: listSplit(index), source: 'gettext' }));
    }
  }
  const table = path.join(udhrDirectory, '..', 'nllb-languages.tsv');
  if (cldrForAll) {
    const taken = new Set(Object.values(CLDR_LOCALES));
    for (const [code, locale] of readCldrLocales(table)) {
      if (!withUdhr.has(code) || taken.has(locale)) continue;
      cldrText(locale, scriptOfLanguage(code)).forEach((text, index) =>
        texts.push({ language: code, text, split: listSplit(index), source: 'cldr' }),
      );
    }
  } else {
    texts.push(...outOfDomain(withUdhr, table));
  }
  texts.push(...gettextOutOfDomain(withUdhr, table, gettextRoot));
  return { texts, skipped };
}
