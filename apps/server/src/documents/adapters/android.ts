/**
 * Android string resources (`res/values/strings.xml`): each `<string>`, each `<item>` of a
 * `<string-array>` and of a `<plurals>` is translated; names, quantities, comments, formatting and
 * every other byte stay. Left alone: `translatable="false"` (on the element or its array), references
 * (`@string/…`, `?attr/…`), the content of `<xliff:g>` (a placeholder's example), CDATA sections.
 * Inline markup (`<b>`, `<i>`, `<u>`) stays around its words. Android's escapes are read (`\'`, `\"`,
 * `\\`) and written back, so a translated apostrophe cannot break the build; `\n`, `\t`, `\uXXXX` and
 * printf placeholders (`%s`, `%1$d`) are kept as they were.
 *
 * A `<plurals>` keeps the quantities of the source (usually `one` and `other`): Android falls back to
 * `other` for the target's missing ones (Russian `few`, `many`), which the note points out.
 *
 * Read with htmlparser2 (source ranges; only element contents are rewritten), like XLIFF: no npm
 * parser of Android resources writes a file back without reformatting it.
 */
import { Parser } from 'htmlparser2';
import { toLanguageTag } from '@sema/shared/languages/codes';
import { documentError } from '../errors.ts';
import { replaceRanges } from '../segments.ts';
import type { DocumentAdapter, ExtractContext } from '../types.ts';
import { extractXml, refuseDtd } from './xml.ts';
import { joinEscaped, splitEscaped } from './escaped-text.ts';

interface Content {
  start: number;
  end: number;
}

/** Escapes Android keeps as they are (a newline, a tab, a code point). */
const KEPT_ESCAPE = /\\[nt]|\\u[0-9a-fA-F]{4}/g;

export const androidAdapter: DocumentAdapter = {
  format: 'android',
  mimeType: 'application/xml',
  textual: true,
  extract({ text }, _limits, context) {
    refuseDtd(
      text,
      'The file declares a DTD (<!DOCTYPE/<!ENTITY>), which Android resources never need; it was refused.',
    );
    const { contents, plurals } = readResources(text);
    const segments: string[] = [];
    const work = contents.map((content) => {
      const markup = extractXml(text.slice(content.start, content.end), ['xliff:g']);
      const pieces = markup.segments.map((raw) => splitEscaped(raw, segments, KEPT_ESCAPE));
      return { content, markup, pieces };
    });
    const note = pluralsNote(plurals, context);
    return {
      segments,
      ...(note ? { note } : {}),
      rebuild: (translations) =>
        replaceRanges(
          text,
          work.map(({ content, markup, pieces }) => ({
            ...content,
            text: markup.rebuild(pieces.map((parts) => joinEscaped(parts, translations, escapeAndroid))),
          })),
        ),
    };
  },
};

/** Android's own escapes: a bare `'` or `"` breaks the build, a leading `@` or `?` reads as a reference. */
function escapeAndroid(text: string): string {
  return text.replace(/[\\'"]/g, '\\$&').replace(/^[@?]/, '\\$&');
}

function pluralsNote(plurals: number, context: ExtractContext): string | undefined {
  if (!plurals || !context.target) return undefined;
  const tag = toLanguageTag(context.target);
  const categories =
    tag && Intl.PluralRules.supportedLocalesOf([tag]).length
      ? new Intl.PluralRules(tag).resolvedOptions().pluralCategories
      : [];
  if (categories.every((category) => category === 'one' || category === 'other')) return undefined;
  return `${plurals} <plurals> kept the source's quantities; ${context.target} also uses ${categories.filter((category) => category !== 'one' && category !== 'other').join(', ')}, which Android reads as "other" until they are added.`;
}

/** The content ranges of the translatable strings and items, and how many `<plurals>` there are. */
function readResources(text: string): { contents: Content[]; plurals: number } {
  const contents: Content[] = [];
  let plurals = 0;
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
        if (name === 'plurals') plurals += 1;
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
        if (isText && !/^\s*[@?]/.test(text.slice(content.start, content.end))) contents.push(content);
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
