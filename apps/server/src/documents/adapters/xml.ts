/**
 * XML as DeepL's `tag_handling=xml` treats it: the text between tags is translated; tags,
 * attributes, comments, processing instructions and CDATA sections keep their exact bytes, and so
 * does everything inside an element named in `ignoreTags` or marked `translate="no"`. htmlparser2
 * in XML mode gives the source range of each piece of text (entities decoded for the model, escaped
 * again on the way back). Attributes named in `textAttributes` (XHTML's `alt`, `title`) are
 * translated too, their quoting kept.
 */
import { Parser } from 'htmlparser2';
import { documentError } from '../errors.ts';
import { decodeXML } from 'entities';
import { InlineRun } from '../../translation/inline-codes.ts';
import { addSegment, fillSlot, hasLetters, renderEdits, splitEdges, type PendingEdit } from '../segments.ts';
import { addMarkupText, escapeMarkupWords, hasReferences } from './markup-references.ts';
import type { DocumentAdapter, DocumentLimits, ExtractContext, ExtractedDocument } from '../types.ts';
import { xmlDepthExceeds } from '../xml-depth.ts';
import { escapeAttribute, escapeText, type ExtractedMarkup } from './html.ts';
import { declareUtf8, decodeXml, legacyEncoding, reencodedNote } from './xml-encoding.ts';
import { tagEnd, textStart } from './xml-ranges.ts';

interface Run {
  start: number;
  /** Exclusive. */
  end: number;
  text: string;
  /** The quote around an attribute's value; none for text between tags. */
  quote?: string;
}

export function extractXml(
  source: string,
  ignoreTags: readonly string[] = [],
  textAttributes: readonly string[] = [],
): ExtractedMarkup {
  const ignored = new Set(ignoreTags);
  const runs: Run[] = [];
  let run: Run | undefined;
  /** Depth inside ignored elements; text counts only at 0. */
  let skipDepth = 0;
  let inCdata = false;
  let lastTagEnd = 0;
  const openSkips: boolean[] = [];
  const flush = () => {
    if (run) runs.push(run);
    run = undefined;
  };
  const parser = new Parser(
    {
      ontext(data) {
        if (skipDepth > 0 || inCdata) return;
        const start = textStart(parser.startIndex, lastTagEnd);
        const end = parser.endIndex + 1;
        // An entity arrives as its own piece of text right after the one before it.
        if (run && run.end === start) {
          run.text += data;
          run.end = end;
        } else {
          flush();
          run = { start, end, text: data };
        }
      },
      onopentag(name, attributes) {
        flush();
        const skip =
          ignored.has(name) ||
          attributes.translate === 'no' ||
          /\bnotranslate\b/.test(attributes.class ?? '');
        openSkips.push(skip);
        if (skip) skipDepth++;
        // A <link>'s title names a stylesheet set (`rel="alternate stylesheet"`), which readers
        // match by name: it is not a reader-facing text.
        if (skipDepth === 0 && name !== 'link') {
          runs.push(
            ...attributeRuns(source, parser.startIndex, parser.endIndex + 1, textAttributes, attributes),
          );
        }
      },
      onclosetag() {
        flush();
        lastTagEnd = tagEnd(source, parser.endIndex);
        if (openSkips.pop()) skipDepth--;
      },
      oncomment: flush,
      onprocessinginstruction: flush,
      oncdatastart() {
        flush();
        inCdata = true;
      },
      oncdataend() {
        inCdata = false;
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  parser.end(source);
  flush();

  const segments: string[] = [];
  const edits = runs.flatMap((piece): PendingEdit[] => {
    const raw = source.slice(piece.start, piece.end);
    if (!piece.quote && hasReferences(raw)) return [referencesEdit(piece, raw, segments)];
    const slot = addSegment(segments, piece.text);
    const { quote } = piece;
    const escape = quote ? (text: string) => escapeAttribute(text, quote) : escapeText;
    return slot
      ? [
          {
            start: piece.start,
            end: piece.end,
            render: (translations) => fillSlot(slot, translations, escape),
          },
        ]
      : [];
  });
  return { segments, rebuild: (translations) => renderEdits(source, edits, translations) };
}

/**
 * Text between tags that writes characters as references: one segment, each reference kept as it
 * was written (markup-references.ts), so `&amp;` comes back even from a model that drops `&`.
 */
function referencesEdit(piece: Run, raw: string, segments: string[]): PendingEdit {
  const run = new InlineRun();
  const forms = new Map<string, string>();
  addMarkupText(run, raw, decodeXML, forms);
  const { lead, core, trail } = splitEdges(run.toSegment());
  if (!hasLetters(core)) return { start: piece.start, end: piece.end, render: () => raw };
  segments.push(core);
  const index = segments.length - 1;
  return {
    start: piece.start,
    end: piece.end,
    render: (translations) =>
      lead + run.render(translations[index]!.trim(), (words) => escapeMarkupWords(words, forms)) + trail,
  };
}

/** The values of the named attributes in the start tag at [tagStart, tagEnd), as runs in source order. */
function attributeRuns(
  source: string,
  tagStart: number,
  tagEnd: number,
  names: readonly string[],
  attributes: Record<string, string>,
): Run[] {
  const tag = source.slice(tagStart, tagEnd);
  const runs = names.flatMap((name) => {
    const text = attributes[name];
    if (text === undefined) return [];
    // The parser gives the decoded value, not where it is: find it in the tag as written.
    const found = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
    if (!found) return [];
    const quote = found[1] === undefined ? "'" : '"';
    const end = tagStart + found.index + found[0].length - 1;
    return [{ start: end - (found[1] ?? found[2] ?? '').length, end, text, quote }];
  });
  return runs.sort((a, b) => a.start - b.start);
}

/**
 * Refuses XML that declares a DTD with `message`: none of the formats read here needs one, so one can
 * only be an entity-expansion attack. Nothing is ever expanded. With `allowBareDoctype`, a doctype
 * that declares nothing (XHTML's `<!DOCTYPE html …>`) passes; an internal subset or an entity does not.
 */
export function refuseDtd(xml: string, message: string, { allowBareDoctype = false } = {}): void {
  const declaresEntities = allowBareDoctype ? /<!ENTITY|<!DOCTYPE[^>]*\[/i : /<!DOCTYPE|<!ENTITY/i;
  if (declaresEntities.test(xml)) throw documentError('INVALID_DOCUMENT', message);
}

/**
 * A format read from one XML file (XLIFF, Android resources, .stringsdict): read in the encoding its
 * declaration names and written back in UTF-8 with the declaration changed (xml-encoding.ts); before
 * `extract` parses it, a DTD is refused (entity expansion; `allowBareDoctype` for a format whose files carry a doctype
 * that declares nothing) and nesting past the limit is refused (the parser's bookkeeping grows with
 * depth), with the same words for every such format.
 */
export function xmlFileAdapter(adapter: {
  format: DocumentAdapter['format'];
  mimeType: string;
  /** What the files are called in the refusal: 'XLIFF files'. */
  files: string;
  allowBareDoctype?: boolean;
  outputName?: DocumentAdapter['outputName'];
  extract(text: string, limits: DocumentLimits, context: ExtractContext): ExtractedDocument;
}): DocumentAdapter {
  const declared = adapter.allowBareDoctype
    ? 'a DTD subset or entities (<!ENTITY>)'
    : 'a DTD (<!DOCTYPE/<!ENTITY>)';
  return {
    format: adapter.format,
    mimeType: adapter.mimeType,
    ...(adapter.outputName ? { outputName: adapter.outputName } : {}),
    textual: true,
    decode: (bytes) => decodeXml(bytes, `The .${adapter.format} file`, adapter.format),
    extract({ text }, limits, context) {
      refuseDtd(text, `The file declares ${declared}, which ${adapter.files} never need; it was refused.`, {
        allowBareDoctype: adapter.allowBareDoctype ?? false,
      });
      if (xmlDepthExceeds(text, limits.maxJsonDepth))
        throw documentError(
          'INVALID_DOCUMENT',
          `The file nests deeper than ${limits.maxJsonDepth} levels; it was refused.`,
        );
      const encoding = legacyEncoding(text);
      const extracted = adapter.extract(text, limits, context);
      if (!encoding) return extracted;
      return {
        ...extracted,
        note: [extracted.note, reencodedNote(encoding)].filter(Boolean).join(' '),
        rebuild: async (translations) => declareUtf8(String(await extracted.rebuild(translations))),
      };
    },
  };
}
