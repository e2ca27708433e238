/**
 * Android string resources (`res/values/strings.xml`): each `<string>`, each `<item>` of a
 * `<string-array>` and of a `<plurals>` is translated; names, quantities, comments, formatting and
 * every other byte stay. Left alone: `translatable="false"` (on the element or its array), references
 * (`@string/…`, `?attr/…`), the content of `<xliff:g>` (a placeholder's example), CDATA sections.
 * Inline markup (`<b>`, `<i>`, `<u>`) stays around its words. Android's escapes are read (`\'`, `\"`,
 * `\\`) and written back, so a translated apostrophe cannot break the build; `\n`, `\t`, `\uXXXX` and
 * printf placeholders (`%s`, `%1$d`) are kept as they were.
 *
 * A `<plurals>` gets the quantities the target language needs that the source lacks (Russian `few`,
 * `many`; from `Intl.PluralRules`, as the PO adapter), each an `<item>` seeded with the translation of
 * `other` and written after it, and the note counts them: a translator should check their grammar.
 *
 * Read with htmlparser2 (source ranges; only element contents are rewritten), like XLIFF: no npm
 * parser of Android resources writes a file back without reformatting it.
 */
import { Parser } from 'htmlparser2';
import { documentError } from '../errors.ts';
import { addedPluralsNote, missingPlurals } from './plural-forms.ts';
import { replaceRanges } from '../segments.ts';
import { extractXml, xmlFileAdapter } from './xml.ts';
import { joinEscaped, splitEscaped } from './escaped-text.ts';
import { tagEnd } from './xml-ranges.ts';
import { androidFolder, inLocaleFolder } from '../output-name.ts';

interface Content {
  start: number;
  end: number;
}

/** A `<plurals>`'s quantities, and where its `other` item is (to copy it for the missing ones). */
interface Plurals {
  quantities: string[];
  other?: { content: Content; end: number; indent: string };
}

/** Escapes Android keeps as they are (a newline, a tab, a code point). */
const KEPT_ESCAPE = /\\[nt]|\\u[0-9a-fA-F]{4}/g;

export const androidAdapter = xmlFileAdapter({
  format: 'android',
  outputName: inLocaleFolder(androidFolder, 'Android'),
  mimeType: 'application/xml',
  files: 'Android resources',
  extract(text, _limits, context) {
    const { contents, plurals } = readResources(text);
    const segments: string[] = [];
    const work = contents.map((content) => {
      const markup = extractXml(text.slice(content.start, content.end), ['xliff:g']);
      const pieces = markup.segments.map((raw) => splitEscaped(raw, segments, KEPT_ESCAPE));
      return { content, markup, pieces };
    });
    const additions = plurals.flatMap(({ quantities, other }) => {
      const missing = missingPlurals(context.target, quantities);
      return other && missing.length ? [{ other, missing }] : [];
    });
    const added = additions.reduce((sum, { missing }) => sum + missing.length, 0);
    const note = addedPluralsNote(context.target, added, additions.length, ['<plurals>', '<plurals>']);
    return {
      segments,
      ...(note ? { note } : {}),
      rebuild: (translations) => {
        const rebuilt = work.map(({ content, markup, pieces }) => ({
          ...content,
          text: markup.rebuild(pieces.map((parts) => joinEscaped(parts, translations, escapeAndroid))),
        }));
        const inserts = additions.map(({ other, missing }) => {
          const copy = rebuilt.find((edit) => edit.start === other.content.start)?.text ?? '';
          const items = missing.map(
            (quantity) => `${other.indent}<item quantity="${quantity}">${copy}</item>`,
          );
          return { start: other.end, end: other.end, text: items.join('') };
        });
        return replaceRanges(text, [...rebuilt, ...inserts]);
      },
    };
  },
});

/** Android's own escapes: a bare `'` or `"` breaks the build, a leading `@` or `?` reads as a reference. */
function escapeAndroid(text: string): string {
  return text.replace(/[\\'"]/g, '\\$&').replace(/^[@?]/, '\\$&');
}

/** The content ranges of the translatable strings and items, and each translatable `<plurals>`. */
function readResources(text: string): { contents: Content[]; plurals: Plurals[] } {
  const contents: Content[] = [];
  const plurals: Plurals[] = [];
  let itemStart = 0;
  let quantity = '';
  let sawRoot = false;
  const stack: Array<{ name: string; translatable: boolean; contentStart: number }> = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!sawRoot && name !== 'resources') {
          throw documentError(
            'INVALID_DOCUMENT',
            'Only Android string resources are read as .xml: the root element must be <resources>.',
          );
        }
        sawRoot = true;
        const parent = stack.at(-1);
        const translatable = (parent?.translatable ?? true) && attributes.translatable !== 'false';
        if (name === 'plurals' && translatable) plurals.push({ quantities: [] });
        if (name === 'item' && parent?.name === 'plurals') {
          itemStart = parser.startIndex;
          quantity = attributes.quantity ?? '';
          if (translatable) plurals.at(-1)?.quantities.push(quantity);
        }
        stack.push({ name, translatable, contentStart: parser.endIndex + 1 });
      },
      onclosetag(name, implied) {
        const open = stack.pop();
        if (!open || implied || !open.translatable) return;
        const parent = stack.at(-1)?.name;
        const isText =
          (name === 'string' && parent === 'resources') ||
          (name === 'item' && (parent === 'string-array' || parent === 'plurals'));
        const content = { start: open.contentStart, end: parser.startIndex };
        if (isText && !/^\s*[@?]/.test(text.slice(content.start, content.end))) {
          contents.push(content);
          if (parent === 'plurals' && quantity === 'other') {
            const indent = /\s*$/.exec(text.slice(0, itemStart))?.[0] ?? '';
            const last = plurals.at(-1);
            if (last) last.other = { content, end: tagEnd(text, parser.endIndex), indent };
          }
        }
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  parser.end(text);
  if (!sawRoot) {
    throw documentError(
      'INVALID_DOCUMENT',
      'The file is not an Android string resource file (no <resources>).',
    );
  }
  return { contents, plurals };
}
