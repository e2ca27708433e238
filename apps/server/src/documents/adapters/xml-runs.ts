import { decodeXML } from 'entities';
import { Parser } from 'htmlparser2';
import { addSegment, fillSlot, replaceRanges, type Slot } from '../segments.ts';
import type { ExtractedMarkup } from './html.ts';
import { tagEnd, textStart } from './xml-ranges.ts';

/**
 * The text of an office XML part whose paragraphs are cut into formatted runs: WordprocessingML
 * (`w:p`/`w:r`/`w:t`), SpreadsheetML shared and inline strings (`si`/`r`/`t`), DrawingML in slides
 * (`a:p`/`a:r`/`a:t`) and OpenDocument (`text:p`/`text:span`). Writers cut a sentence into many runs
 * for spell-check marks, revision ids or a changed font, so the runs of a paragraph that look the
 * same (same run properties) are joined and translated as one segment; the translation goes into
 * the first piece of text of the group and the others are emptied. Runs with other formatting,
 * tabs, breaks, fields, links and notes start a new segment, so bold stays on the words it was on.
 * Only text content changes; every other byte of the part is kept.
 */
export interface RunDialect {
  /** Elements whose text is one unit: a paragraph, a shared string, a title. */
  paragraphs: ReadonlySet<string>;
  /** Elements that hold the text (`w:t`); when absent, any text inside a paragraph counts (ODF). */
  textElements?: ReadonlySet<string>;
  /**
   * Run elements, with where their look is written: a child properties element (`w:rPr`) or an
   * attribute (`text:style-name`). Runs that look the same join into one segment.
   */
  runs: ReadonlyMap<string, { properties?: string; attribute?: string }>;
  /** Elements that end the text before them (breaks, tabs, links, notes, drawings). */
  boundaries: ReadonlySet<string>;
  /** True for an element whose text is never translated (phonetic guides, fields, deleted text). */
  skip(name: string, attributes: Readonly<Record<string, string>>): boolean;
  /** Run properties without what only records history or proofing, so such runs still join. */
  normaliseProperties?(properties: string): string;
  /** Text elements drop edge spaces unless they say `xml:space="preserve"` (Word, Excel). */
  preserveSpace?: boolean;
}

/** The human text of Dublin Core metadata (ODF's meta.xml, an EPUB package document). */
export const DUBLIN_CORE_TEXT: RunDialect = {
  paragraphs: new Set(['dc:title', 'dc:subject', 'dc:description']),
  runs: new Map(),
  boundaries: new Set(),
  skip: () => false,
};

interface Piece {
  start: number;
  /** Exclusive. */
  end: number;
  /** The opening tag of the element holding the text, for `xml:space`. */
  parentTagEnd: number;
  parentPreserves: boolean;
}

interface Group {
  key: string;
  pieces: Piece[];
}

interface OpenElement {
  name: string;
  tagEnd: number;
  preserves: boolean;
  /** Set for a run element: its look, and where its properties element starts. */
  run?: { key: string; propertiesStart: number };
  skipped: boolean;
}

/** Finds the text of `xml` by the rules of `dialect`; the rebuild puts translations in its place. */
export function extractRuns(xml: string, dialect: RunDialect): ExtractedMarkup {
  const groups = collectGroups(xml, dialect);
  const segments: string[] = [];
  const planned: Array<{ group: Group; slot: Slot }> = [];
  for (const group of groups) {
    const text = group.pieces.map((piece) => decodeXML(xml.slice(piece.start, piece.end))).join('');
    const slot = addSegment(segments, text);
    if (slot) planned.push({ group, slot });
  }
  return {
    segments,
    rebuild(translations) {
      const edits: Array<{ start: number; end: number; text: string }> = [];
      for (const { group, slot } of planned) {
        const [first, ...rest] = group.pieces;
        const text = fillSlot(slot, translations);
        if (dialect.preserveSpace && !first!.parentPreserves && text !== text.trim()) {
          const at = first!.parentTagEnd - 1;
          edits.push({ start: at, end: at, text: ' xml:space="preserve"' });
        }
        edits.push({ start: first!.start, end: first!.end, text: escapeXml(text) });
        for (const piece of rest) edits.push({ start: piece.start, end: piece.end, text: '' });
      }
      return replaceRanges(xml, edits);
    },
  };
}

function collectGroups(xml: string, dialect: RunDialect): Group[] {
  const groups: Group[] = [];
  /** The open paragraphs (a footnote or a text box nests one in another) and their current group. */
  const paragraphs: Array<{ current: Group | null }> = [];
  const open: OpenElement[] = [];
  let skipDepth = 0;
  let last: Piece | null = null;
  let lastTagEnd = 0;

  const breakGroup = () => {
    const paragraph = paragraphs.at(-1);
    if (paragraph) paragraph.current = null;
    last = null;
  };
  const runKey = () =>
    open
      .filter((element) => element.run)
      .map((element) => element.run!.key)
      .join('|');

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = open.at(-1);
        const skipped = dialect.skip(name, attributes);
        if (skipped) skipDepth++;
        const runSpec = dialect.runs.get(name);
        open.push({
          name,
          tagEnd: parser.endIndex + 1,
          preserves: attributes['xml:space'] === 'preserve',
          skipped,
          ...(runSpec
            ? {
                run: {
                  key: runSpec.attribute ? (attributes[runSpec.attribute] ?? '') : '',
                  propertiesStart: -1,
                },
              }
            : {}),
        });
        if (dialect.paragraphs.has(name)) {
          breakGroup();
          paragraphs.push({ current: null });
        } else if (parent?.run && dialect.runs.get(parent.name)?.properties === name) {
          parent.run.propertiesStart = parser.startIndex;
        } else if (dialect.boundaries.has(name)) {
          breakGroup();
        }
      },
      onclosetag(name) {
        lastTagEnd = tagEnd(xml, parser.endIndex);
        const element = open.pop();
        if (element?.skipped) skipDepth--;
        const parent = open.at(-1);
        if (dialect.paragraphs.has(name)) {
          paragraphs.pop();
          breakGroup();
        } else if (parent?.run && dialect.runs.get(parent.name)?.properties === name) {
          const properties = xml.slice(parent.run.propertiesStart, parser.endIndex + 1);
          parent.run.key = dialect.normaliseProperties?.(properties) ?? properties;
        } else if (dialect.boundaries.has(name)) {
          breakGroup();
        }
      },
      ontext() {
        const parent = open.at(-1);
        const paragraph = paragraphs.at(-1);
        if (!parent || !paragraph || skipDepth > 0) return;
        if (dialect.textElements && !dialect.textElements.has(parent.name)) return;
        const start = textStart(parser.startIndex, lastTagEnd);
        const end = parser.endIndex + 1;
        // The parser may hand one text node over in several pieces.
        if (last && last.end === start) {
          last.end = end;
          return;
        }
        const piece: Piece = { start, end, parentTagEnd: parent.tagEnd, parentPreserves: parent.preserves };
        last = piece;
        const key = runKey();
        if (paragraph.current && paragraph.current.key === key) {
          paragraph.current.pieces.push(piece);
          return;
        }
        paragraph.current = { key, pieces: [piece] };
        groups.push(paragraph.current);
      },
    },
    { xmlMode: true, decodeEntities: false },
  );
  parser.end(xml);
  return groups;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
