/**
 * Text in a language taken from Unicode CLDR (Unicode License v3) through Node's ICU: names of
 * languages, countries, currencies and units, month and weekday names, relative times ("in 3 days"),
 * list words ("and", "or"). Not sentences, but the only openly licensed text on hand for several
 * catalogue languages that have no UDHR translation (Sindhi, Kashmiri, Bashkir, Assamese, ...).
 */
import type { Script } from '../../../src/detection/unicode-script.ts';
import { countScripts } from '../../../src/detection/unicode-script.ts';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const TWO_LETTER = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b));
const SCRIPT_CODES =
  'Latn Cyrl Arab Deva Beng Hani Hans Hant Jpan Kore Grek Hebr Thai Ethi Geor Armn Taml Telu Knda Mlym Gujr Guru Orya Sinh Tibt Mymr Khmr Laoo Mong Tfng Olck Nkoo Adlm Cher Copt Goth Runr Syrc Thaa Brai'.split(
    ' ',
  );
const DATE_FIELDS = [
  'era',
  'year',
  'quarter',
  'month',
  'weekOfYear',
  'weekday',
  'day',
  'dayPeriod',
  'hour',
  'minute',
  'second',
  'timeZoneName',
] as const;
const RELATIVE_UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;

/** Whether the locale has its own CLDR data (not just a fallback to the root locale). */
export function hasCldrLocale(locale: string): boolean {
  return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0;
}

function safely<T>(make: () => T): T | undefined {
  try {
    return make();
  } catch {
    return undefined;
  }
}

function displayNames(locale: string, type: Intl.DisplayNamesType, codes: readonly string[]): string[] {
  const names = safely(() => new Intl.DisplayNames([locale], { type, fallback: 'none' }));
  if (!names) return [];
  return codes.flatMap((code) => safely(() => names.of(code)) ?? []);
}

function calendarTexts(locale: string): string[] {
  const texts: string[] = [];
  for (let month = 0; month < 12; month++) {
    const date = new Date(Date.UTC(2021, month, 3 + month));
    for (const options of [{ month: 'long' }, { dateStyle: 'full' }, { dateStyle: 'long' }] as const) {
      texts.push(new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date));
    }
  }
  for (let day = 0; day < 7; day++) {
    texts.push(
      new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2021, 0, 3 + day)),
      ),
    );
  }
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'long' });
  for (const unit of RELATIVE_UNITS)
    for (const value of [-2, -1, 0, 1, 3]) texts.push(relative.format(value, unit));
  for (const type of ['conjunction', 'disjunction', 'unit'] as const) {
    texts.push(new Intl.ListFormat(locale, { type, style: 'long' }).format(['x', 'y', 'z']));
  }
  for (const unit of Intl.supportedValuesOf('unit')) {
    texts.push(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(3));
  }
  return texts;
}

/**
 * Every CLDR string of `locale` that is mostly written in `script` and differs from the English one
 * (a copy of the English name says nothing about the language), one per line.
 */
export function cldrText(locale: string, script: Script): string[] {
  if (!hasCldrLocale(locale)) return [];
  const englishOf = (texts: () => string[]) => new Set(texts());
  const collections: [string[], Set<string>][] = [
    [
      displayNames(locale, 'language', TWO_LETTER),
      englishOf(() => displayNames('en', 'language', TWO_LETTER)),
    ],
    [
      displayNames(
        locale,
        'region',
        TWO_LETTER.map((code) => code.toUpperCase()),
      ),
      englishOf(() =>
        displayNames(
          'en',
          'region',
          TWO_LETTER.map((code) => code.toUpperCase()),
        ),
      ),
    ],
    [
      displayNames(locale, 'script', SCRIPT_CODES),
      englishOf(() => displayNames('en', 'script', SCRIPT_CODES)),
    ],
    [
      displayNames(locale, 'currency', Intl.supportedValuesOf('currency')),
      englishOf(() => displayNames('en', 'currency', Intl.supportedValuesOf('currency'))),
    ],
    [
      displayNames(locale, 'dateTimeField', DATE_FIELDS),
      englishOf(() => displayNames('en', 'dateTimeField', DATE_FIELDS)),
    ],
    [calendarTexts(locale), englishOf(() => calendarTexts('en'))],
  ];
  const result = new Set<string>();
  for (const [texts, english] of collections) {
    for (const raw of texts) {
      const text = raw
        .replace(/\b[xyz]\b/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      if (!text || english.has(raw)) continue;
      const counts = countScripts(text);
      let letters = 0;
      for (const count of counts.values()) letters += count;
      if (letters > 0 && (counts.get(script) ?? 0) >= 0.8 * letters) result.add(text);
    }
  }
  return [...result];
}
