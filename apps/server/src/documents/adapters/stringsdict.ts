/**
 * Apple `.stringsdict` files: a property list whose entries give, per key, a format
 * (`NSStringLocalizedFormatKey`, e.g. `%#@files@ left`) and for each `%#@variable@` a plural rule
 * (`NSStringPluralRuleType`) with a string per CLDR category (`zero one two few many other`). The
 * format's words and every category's string are translated, `%d`, `%@`, `%#@files@` kept; keys,
 * `NSStringFormatSpecTypeKey`, `NSStringFormatValueTypeKey`, comments and layout stay byte for byte.
 * Categories the target language needs and the source lacks (Arabic: zero, two, few, many) are
 * added after the last one, seeded from `other`'s translation, and counted in the note.
 *
 * Read with htmlparser2 (source ranges, as the XLIFF and Android adapters): npm's plist parsers
 * return an object and write the file back reformatted, without its comments.
 */
import { Parser } from 'htmlparser2';
import { toLanguageTag } from '@sema/shared/languages/codes';
import { documentError } from '../errors.ts';
import { replaceRanges } from '../segments.ts';
import type { DocumentAdapter } from '../types.ts';
import { xmlDepthExceeds } from '../xml-depth.ts';
import { extractXml, refuseDtd } from './xml.ts';
import { joinPieces, splitPlaceholders, type Pieces } from './placeholders.ts';

/** A .stringsdict nests five levels; anything far deeper is an attack on the parser. */
const MAX_DEPTH = 100;

const CATEGORIES: readonly string[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** An element's source: where it starts and ends, and its content's range. */
interface Element {
  name: string;
  start: number;
  end: number;
  contentStart: number;
  contentEnd: number;
}

/** A `<dict>`'s entries: each `<key>` with its text and the element after it. */
interface DictEntry {
  key: string;
  keyStart: number;
  keyEnd: number;
  value: Element;
}

/** A string to translate: its content range, read as XML text cut around placeholders. */
interface Translatable {
  content: { start: number; end: number };
  rebuild: (translations: readonly string[]) => string;
}

export const stringsdictAdapter: DocumentAdapter = {
  format: 'stringsdict',
  mimeType: 'application/xml',
  textual: true,
  extract({ text }, _limits, context) {
    refuseDtd(
      text,
      'The file declares entities in its DTD, which a .stringsdict never needs; it was refused.',
      {
        allowBareDoctype: true,
      },
    );
    if (xmlDepthExceeds(text, MAX_DEPTH))
      throw documentError(
        'INVALID_DOCUMENT',
        `The file nests elements more than ${MAX_DEPTH} levels deep, which is refused.`,
      );
    const dicts = readDicts(text);
    const segments: string[] = [];
    const translatable = (value: Element): Translatable => {
      const markup = extractXml(text.slice(value.contentStart, value.contentEnd));
      const pieces: Pieces[] = markup.segments.map((raw) => splitPlaceholders(raw, segments));
      return {
        content: { start: value.contentStart, end: value.contentEnd },
        rebuild: (translations) => markup.rebuild(pieces.map((parts) => joinPieces(parts, translations))),
      };
    };
    const strings: Translatable[] = [];
    const additions: Array<{ at: number; text: (translations: readonly string[]) => string }> = [];
    const needed = targetCategories(context.target);
    let added = 0;
    for (const entries of dicts) {
      const spec = entries.find((entry) => entry.key === 'NSStringFormatSpecTypeKey');
      for (const entry of entries) {
        if (entry.value.name !== 'string') continue;
        if (entry.key === 'NSStringLocalizedFormatKey' || (spec && CATEGORIES.includes(entry.key)))
          strings.push(translatable(entry.value));
      }
      if (
        !spec ||
        text.slice(spec.value.contentStart, spec.value.contentEnd).trim() !== 'NSStringPluralRuleType'
      )
        continue;
      const categories = entries.filter(
        (entry) => CATEGORIES.includes(entry.key) && entry.value.name === 'string',
      );
      const other = categories.find((entry) => entry.key === 'other');
      const last = categories.at(-1);
      if (!other || !last) continue;
      const otherString = strings.find((string) => string.content.start === other.value.contentStart)!;
      // The new pair is laid out like the last one: on its own line at the same indentation.
      const lineStart = text.lastIndexOf('\n', last.keyStart) + 1;
      const indent = /^[ \t]*/.exec(text.slice(lineStart, last.keyStart))![0];
      const between = text.slice(last.keyEnd, last.value.start);
      // In CLDR's order, after the last category of the source, one insertion.
      const missing = CATEGORIES.filter(
        (category) => needed.includes(category) && !categories.some((entry) => entry.key === category),
      );
      if (missing.length === 0) continue;
      added += missing.length;
      additions.push({
        at: last.value.end,
        text: (translations) =>
          missing
            .map(
              (category) =>
                `\n${indent}<key>${category}</key>${between}<string>${otherString.rebuild(translations)}</string>`,
            )
            .join(''),
      });
    }
    const note =
      added > 0
        ? `${added} plural form${added === 1 ? '' : 's'} that ${context.target} needs (and the source lacks) were added from "other": check them.`
        : undefined;
    return {
      segments,
      ...(note ? { note } : {}),
      rebuild: (translations) =>
        replaceRanges(text, [
          ...strings.map(({ content, rebuild }) => ({ ...content, text: rebuild(translations) })),
          ...additions.map(({ at, text: insert }) => ({ start: at, end: at, text: insert(translations) })),
        ]),
    };
  },
};

/** The CLDR plural categories of the target language (none known: nothing is added). */
function targetCategories(target: string | undefined): readonly string[] {
  const tag = target && toLanguageTag(target);
  if (!tag || Intl.PluralRules.supportedLocalesOf([tag]).length === 0) return [];
  return new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
}

/** Every `<dict>` of the plist with its entries, innermost first. */
function readDicts(text: string): DictEntry[][] {
  const dicts: DictEntry[][] = [];
  const open: Array<{
    name: string;
    start: number;
    contentStart: number;
    entries?: DictEntry[];
    key?: { text: string; start: number; end: number };
  }> = [];
  let sawRoot = false;
  let keyText = '';
  const parser = new Parser(
    {
      onopentag(name) {
        if (!sawRoot && name !== 'plist')
          throw documentError(
            'INVALID_DOCUMENT',
            'The file is not a .stringsdict: the root element must be <plist>.',
          );
        sawRoot = true;
        if (name === 'key') keyText = '';
        open.push({
          name,
          start: parser.startIndex,
          contentStart: parser.endIndex + 1,
          ...(name === 'dict' && { entries: [] }),
        });
      },
      ontext(data) {
        if (open.at(-1)?.name === 'key') keyText += data;
      },
      onclosetag(name, implied) {
        const element = open.pop();
        if (!element || implied) return;
        const parent = open.at(-1);
        if (element.entries) dicts.push(element.entries);
        if (parent?.name !== 'dict' || !parent.entries) return;
        if (name === 'key') {
          parent.key = { text: keyText.trim(), start: element.start, end: parser.endIndex + 1 };
          return;
        }
        if (parent.key === undefined) return;
        parent.entries.push({
          key: parent.key.text,
          keyStart: parent.key.start,
          keyEnd: parent.key.end,
          value: {
            name,
            start: element.start,
            end: parser.endIndex + 1,
            contentStart: element.contentStart,
            contentEnd: parser.startIndex,
          },
        });
        parent.key = undefined;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(text);
  if (!sawRoot) throw documentError('INVALID_DOCUMENT', 'The file is not a .stringsdict (no <plist>).');
  return dicts;
}
