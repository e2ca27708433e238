import { decodeXML } from 'entities';
import { Parser } from 'htmlparser2';
import { InlineRun, MARKERS, readMarker } from '../../translation/inline-codes.ts';
import { addSegment, hasLetters, replaceRanges, splitEdges } from '../segments.ts';
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
  /** Groups of one paragraph that only the look of their runs tells apart share a chain: one sentence. */
  chain: number;
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
  const planned: Array<{
    chain: Group[];
    lead: string;
    trail: string;
    index: number;
    run?: InlineRun<number>;
    base?: string;
  }> = [];
  for (const chain of chainsOf(groups)) {
    const texts = chain.map((group) =>
      group.pieces.map((piece) => decodeXML(xml.slice(piece.start, piece.end))).join(''),
    );
    if (chain.length === 1) {
      const slot = addSegment(segments, texts[0]!);
      if (slot) planned.push({ chain, lead: slot.lead, trail: slot.trail, index: slot.index });
      continue;
    }
    // A sentence whose words change look (one bold word): one segment, each other look an ordered
    // pair of codes around its words, so the model reads the sentence whole.
    const base = baseKey(chain, texts);
    const run = new InlineRun<number>();
    chain.forEach((group, i) => {
      if (group.key === base) run.text(texts[i]!);
      else run.open(i, { ordered: true }).text(texts[i]!).close(i);
    });
    const { lead, core, trail } = splitEdges(run.toSegment());
    if (!hasLetters(core)) continue;
    segments.push(core);
    planned.push({ chain, lead, trail, index: segments.length - 1, run, base });
  }
  return {
    segments,
    rebuild(translations) {
      const edits: Array<{ start: number; end: number; text: string }> = [];
      const write = (group: Group, text: string) => {
        const [first, ...rest] = group.pieces;
        if (dialect.preserveSpace && !first!.parentPreserves && text !== text.trim()) {
          const at = first!.parentTagEnd - 1;
          edits.push({ start: at, end: at, text: ' xml:space="preserve"' });
        }
        edits.push({ start: first!.start, end: first!.end, text: escapeXml(text) });
        for (const piece of rest) edits.push({ start: piece.start, end: piece.end, text: '' });
      };
      for (const { chain, lead, trail, index, run, base } of planned) {
        const translated = translations[index];
        if (translated === undefined) throw new Error(`No translation for segment ${index}`);
        if (!run) {
          write(chain[0]!, lead + translated.trim() + trail);
          continue;
        }
        const texts = distribute(chain, base!, translated.trim());
        texts[0] = lead + texts[0];
        texts[texts.length - 1] += trail;
        chain.forEach((group, i) => write(group, texts[i]!));
      }
      return replaceRanges(xml, edits);
    },
  };
}

/** Groups by chain, in order. */
function chainsOf(groups: readonly Group[]): Group[][] {
  const chains: Group[][] = [];
  for (const group of groups) {
    const last = chains.at(-1);
    if (last && last[0]!.chain === group.chain) last.push(group);
    else chains.push([group]);
  }
  return chains;
}

/** The look most of a chain's text has. */
function baseKey(chain: readonly Group[], texts: readonly string[]): string {
  const weight = new Map<string, number>();
  chain.forEach((group, i) => weight.set(group.key, (weight.get(group.key) ?? 0) + texts[i]!.length));
  return [...weight].sort((a, b) => b[1] - a[1])[0]![0];
}

/**
 * A translation's words put back into the chain's runs: the words inside each pair into its run,
 * the words between pairs into the base-look run between the same pairs in the source (or, where
 * the source has none, onto the neighbouring pair's run, so the reading order stays right).
 */
function distribute(chain: readonly Group[], base: string, translation: string): string[] {
  const texts = chain.map(() => '');
  const outside: string[] = [''];
  const inside = new Map<number, string>();
  const stack: number[] = [];
  let cursor = 0;
  const add = (words: string) => {
    if (stack.length > 0) inside.set(stack.at(-1)!, (inside.get(stack.at(-1)!) ?? '') + words);
    else outside[outside.length - 1] += words;
  };
  for (const match of translation.matchAll(MARKERS)) {
    add(translation.slice(cursor, match.index));
    const { role, number } = readMarker(match[0]);
    if (role === 'open') stack.push(number);
    else if (role === 'close') {
      stack.pop();
      if (stack.length === 0) outside.push('');
    }
    cursor = match.index + match[0].length;
  }
  add(translation.slice(cursor));
  const pairs = chain.flatMap((group, i) => (group.key === base ? [] : [i]));
  // Pairs are numbered in the order they were opened: the n-th pair is the n-th other-look run.
  for (const [number, words] of inside) texts[pairs[number]!] = words;
  outside.forEach((words, slot) => {
    if (!words) return;
    // The base run between pair slot-1 and pair slot in the source.
    const after = slot === 0 ? -1 : (pairs[slot - 1] ?? chain.length);
    const before = pairs[slot] ?? chain.length;
    const home = chain.findIndex((group, i) => group.key === base && i > after && i < before);
    if (home >= 0) texts[home] += words;
    else if (slot > 0 && pairs[slot - 1] !== undefined) texts[pairs[slot - 1]!] += words;
    else if (pairs[slot] !== undefined) texts[pairs[slot]!] = words + texts[pairs[slot]!];
    else texts[chain.length - 1] += words;
  });
  return texts;
}

function collectGroups(xml: string, dialect: RunDialect): Group[] {
  const groups: Group[] = [];
  /** The open paragraphs (a footnote or a text box nests one in another) and their current group. */
  const paragraphs: Array<{ current: Group | null }> = [];
  const open: OpenElement[] = [];
  let skipDepth = 0;
  let last: Piece | null = null;
  let lastTagEnd = 0;
  let chains = 0;

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
        // A new look within the same stretch of text continues its sentence; after a boundary, a new one.
        const chain = paragraph.current ? paragraph.current.chain : chains++;
        paragraph.current = { key, pieces: [piece], chain };
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
