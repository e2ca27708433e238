/**
 * Apple `.stringsdict` (a property list in XML): each entry's `NSStringLocalizedFormatKey`
 * (`%#@files@`, translated when it holds words) and every plural category string of its variables
 * (`zero`, `one`, `two`, `few`, `many`, `other`) are translated; keys, `NSStringFormatSpecTypeKey`,
 * `NSStringFormatValueTypeKey`, comments and every other byte stay. Placeholders (`%@`, `%d`,
 * `%1$@`, `%#@var@`) are kept. A variable lacking a category the target language needs (Arabic:
 * zero, two, few, many) gets it, seeded from the translated `other`, inserted before `other` in
 * CLDR's order, and the note says how many were added.
 *
 * Read with htmlparser2 (source ranges, so only `<string>` contents are rewritten), like Android's
 * resources: npm plist libraries return an object and write the file back reformatted, without its
 * comments. Apple's standard `<!DOCTYPE plist …>` is allowed; an internal DTD subset or an entity is
 * refused (entity expansion), and nesting deeper than the JSON depth limit is refused too.
 */
import { Parser } from 'htmlparser2';
import { documentError } from '../errors.ts';
import { PLURAL_CATEGORIES, addedPluralsNote, missingPlurals } from './plural-forms.ts';
import { replaceRanges } from '../segments.ts';
import { escapeText } from './html.ts';
import { hasSlots, joinPieces, splitPlaceholders, type Pieces } from './placeholders.ts';
import { xmlFileAdapter } from './xml.ts';
import { appleFolder, inLocaleFolder } from '../output-name.ts';

const FORMAT_KEY = 'NSStringLocalizedFormatKey';

/** A `<dict>` being read: the key waiting for its value, and for a variable, its categories. */
interface OpenDict {
  pendingKey?: string;
  categories: Set<string>;
  /** Where `<key>other</key>` starts, and the whitespace before it (the line's indent). */
  other?: { at: number; indent: string; value?: Value };
}

/** A `<string>`'s content range and its text split into words and placeholders. */
interface Value {
  start: number;
  end: number;
  pieces: Pieces;
}

export const stringsdictAdapter = xmlFileAdapter({
  format: 'stringsdict',
  outputName: inLocaleFolder(appleFolder, 'Xcode'),
  mimeType: 'application/xml',
  files: '.stringsdict files',
  allowBareDoctype: true,
  extract(text, limits, context) {
    const segments: string[] = [];
    const { values, variables } = readPlist(text, segments);
    const additions = variables.flatMap(({ categories, other }) => {
      if (!other?.value) return [];
      const missing = missingPlurals(context.target, [...categories, 'other']);
      return missing.length ? [{ other: { ...other, value: other.value }, missing }] : [];
    });
    const added = additions.reduce((sum, { missing }) => sum + missing.length, 0);
    const note = addedPluralsNote(context.target, added, additions.length, [
      'plural variable',
      'plural variables',
    ]);
    return {
      segments,
      ...(note ? { note } : {}),
      rebuild: (translations) => {
        const render = (value: Value) => escapeText(joinPieces(value.pieces, translations));
        return replaceRanges(text, [
          ...values.map((value) => ({ start: value.start, end: value.end, text: render(value) })),
          ...additions.map(({ other, missing }) => ({
            start: other.at,
            end: other.at,
            text: missing
              .map(
                (category) =>
                  `<key>${category}</key>${other.indent}<string>${render(other.value)}</string>${other.indent}`,
              )
              .join(''),
          })),
        ]);
      },
    };
  },
});

/** The translatable `<string>`s and the variable dicts (those with plural categories). */
function readPlist(text: string, segments: string[]): { values: Value[]; variables: OpenDict[] } {
  const values: Value[] = [];
  const variables: OpenDict[] = [];
  const dicts: OpenDict[] = [];
  const elements: string[] = [];
  let sawPlist = false;
  let content = { start: 0, text: '' };
  let keyStart = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (!sawPlist && name !== 'plist')
          throw documentError(
            'INVALID_DOCUMENT',
            'The file is not a .stringsdict: the root element must be <plist>.',
          );
        sawPlist = true;
        elements.push(name);
        if (name === 'dict') dicts.push({ categories: new Set() });
        if (name === 'key') keyStart = parser.startIndex;
        content = { start: parser.endIndex + 1, text: '' };
      },
      ontext(data) {
        content.text += data;
      },
      onclosetag(name) {
        elements.pop();
        const dict = dicts.at(-1);
        if (name === 'dict') {
          if (dict && dict.categories.size > 0) variables.push(dict);
          dicts.pop();
          // The closed dict was the value of its parent's pending key.
          const parent = dicts.at(-1);
          if (parent) parent.pendingKey = undefined;
          return;
        }
        if (!dict) return;
        if (name === 'key') {
          dict.pendingKey = content.text;
          if (content.text === 'other') {
            const before = text.slice(0, keyStart);
            dict.other = { at: keyStart, indent: before.slice(before.trimEnd().length) };
          }
          return;
        }
        const key = dict.pendingKey;
        dict.pendingKey = undefined;
        if (name !== 'string' || key === undefined) return;
        const isCategory = (PLURAL_CATEGORIES as readonly string[]).includes(key);
        if (isCategory) dict.categories.add(key);
        if (!isCategory && key !== FORMAT_KEY) return;
        const pieces = splitPlaceholders(content.text, segments);
        const value = { start: content.start, end: parser.startIndex, pieces };
        if (key === 'other' && dict.other) dict.other.value = value;
        if (hasSlots(pieces)) values.push(value);
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  parser.end(text);
  if (!sawPlist)
    throw documentError('INVALID_DOCUMENT', 'The file is not a .stringsdict (no <plist> element).');
  return { values, variables };
}
