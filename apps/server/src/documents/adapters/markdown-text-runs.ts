import type { NodeType, Tree, TreeCursor } from '@lezer/common';
import { decodeHTMLStrict } from 'entities';

/**
 * Finds the human text in a Markdown syntax tree (from @lezer/markdown, whose nodes carry exact
 * source offsets): runs of text between markup, each with its source range and its value as a
 * reader sees it (escapes and character references decoded, container markers left out).
 */
export interface TextRun {
  /** Source range, trimmed of whitespace at both ends. */
  start: number;
  end: number;
  /** The text itself; a soft line break inside stays a line break (the adapter joins the lines). */
  value: string;
  inTable: boolean;
}

/**
 * A reference link whose label is its own text (`[text]`, `[text][]`): once the text is translated
 * it would match no definition, so the original `[text]` is to be written after it as its label.
 */
export interface ReferenceLabel {
  /** Where the link starts (its `[`). */
  linkStart: number;
  /** Just after the `]` that closes its text: the range [at, end) is where the label goes (empty
   * after `[text]`, the `[]` of `[text][]`). */
  at: number;
  end: number;
}

export interface MarkdownText {
  runs: TextRun[];
  referenceLabels: ReferenceLabel[];
}

/** Nodes whose children are blocks: walked into. */
const BLOCK_CONTAINERS = [
  'Document',
  'Blockquote',
  'BulletList',
  'OrderedList',
  'ListItem',
  'FootnoteDefinition',
  'Table',
  'TableHeader',
  'TableRow',
];

/** Nodes holding text (the gaps between their children). Anything else is never translated. */
const TEXT_CONTAINERS = [
  'Paragraph',
  'ATXHeading1',
  'ATXHeading2',
  'ATXHeading3',
  'ATXHeading4',
  'ATXHeading5',
  'ATXHeading6',
  'SetextHeading1',
  'SetextHeading2',
  'Task',
  'TableCell',
  'Emphasis',
  'StrongEmphasis',
  'Strikethrough',
  'Link',
];

/** What the walk does with a node: the marks inside text are told apart, anything else is skipped. */
type Kind = 'block' | 'text' | 'escape' | 'entity' | 'quoteMark' | 'linkMark' | 'other';

const KINDS = new Map<string, Kind>([
  ...BLOCK_CONTAINERS.map((name) => [name, 'block'] as const),
  ...TEXT_CONTAINERS.map((name) => [name, 'text'] as const),
  ['Escape', 'escape'],
  ['Entity', 'entity'],
  ['QuoteMark', 'quoteMark'],
  ['LinkMark', 'linkMark'],
]);

/** Node types are few and shared by every tree of a parser: each is classified once. */
const kindByType = new Map<NodeType, Kind>();

function kindOf(type: NodeType): Kind {
  let kind = kindByType.get(type);
  if (kind === undefined) {
    kind = KINDS.get(type.name) ?? 'other';
    kindByType.set(type, kind);
  }
  return kind;
}

/** The text container being read: where its next gap starts and the run it is building. */
interface TextFrame {
  kind: 'text';
  node: string;
  from: number;
  to: number;
  next: number;
  run: RunBuilder;
  /** Link marks seen so far: a link's text ends at its second (`]`); the rest is its target. */
  linkMarks: number;
  ended: boolean;
  inTable: boolean;
}

interface BlockFrame {
  kind: 'block';
  inTable: boolean;
}

type Frame = TextFrame | BlockFrame;

/**
 * Walks the tree with a cursor and an explicit stack (hostile input nests thousands of levels deep)
 * and returns the runs in document order. `source` is the text the tree was parsed from.
 */
export function collectTextRuns(tree: Tree, source: string): MarkdownText {
  const runs: TextRun[] = [];
  const referenceLabels: ReferenceLabel[] = [];
  const stack: Frame[] = [];
  const cursor = tree.cursor();

  const flush = (frame: TextFrame) => {
    const run = frame.run.take(frame.inTable);
    if (run) runs.push(run);
  };

  /** Handles entering the node at the cursor; true when its children are to be walked. */
  const enter = (node: TreeCursor): boolean => {
    const kind = kindOf(node.type);
    const parent = stack[stack.length - 1];
    if (parent?.kind === 'text') {
      if (parent.ended) return false;
      const gapEnd = textEndBefore(parent, node, source);
      if (gapEnd > parent.next) parent.run.addSource(parent.next, gapEnd);
      parent.next = node.to;
      switch (kind) {
        case 'escape':
          parent.run.addDecoded(node.from, node.to, source[node.from + 1]!);
          return false;
        case 'entity': {
          parent.run.addDecoded(node.from, node.to, decodeEntity(source.slice(node.from, node.to)));
          return false;
        }
        case 'quoteMark': // a blockquote's `>` on a continuation line: part of the line break
          return false;
        case 'linkMark':
          parent.linkMarks += 1;
          if (parent.node === 'Link' && parent.linkMarks === 2) {
            parent.ended = true;
            const label = referenceLabel(parent, node, source);
            if (label) referenceLabels.push(label);
          }
          break;
      }
      flush(parent);
    }
    const inTable = (parent?.inTable ?? false) || node.name === 'Table';
    if (kind === 'block') {
      stack.push({ kind: 'block', inTable });
      return true;
    }
    if (kind !== 'text') return false;
    stack.push({
      kind: 'text',
      node: node.name,
      from: node.from,
      to: node.to,
      next: node.from,
      run: new RunBuilder(source),
      linkMarks: 0,
      ended: false,
      inTable,
    });
    return true;
  };

  /** Handles leaving a node whose children were walked. */
  const leave = (node: TreeCursor) => {
    const frame = stack.pop();
    if (frame?.kind !== 'text') return;
    if (!frame.ended && node.to > frame.next) frame.run.addSource(frame.next, node.to);
    flush(frame);
  };

  for (;;) {
    const descend = enter(cursor);
    if (descend && cursor.firstChild()) continue;
    if (descend) leave(cursor);
    while (!cursor.nextSibling()) {
      if (!cursor.parent()) return { runs, referenceLabels };
      leave(cursor);
    }
  }
}

/** The label to keep for a link whose text ends at `close` (its `]`), if it is a reference by its text. */
function referenceLabel(link: TextFrame, close: TreeCursor, source: string): ReferenceLabel | null {
  if (close.to === link.to) return { linkStart: link.from, at: close.to, end: close.to };
  if (source.slice(close.to, link.to) === '[]') return { linkStart: link.from, at: close.to, end: link.to };
  return null;
}

/**
 * Where the text before `node` ends. A setext heading's underline is the one marker whose line's
 * container prefix (`> ` in a quote) the parser leaves out of the tree: its text ends at the line
 * break before it.
 */
function textEndBefore(frame: TextFrame, node: TreeCursor, source: string): number {
  if (node.name !== 'HeaderMark' || !frame.node.startsWith('SetextHeading')) return node.from;
  return Math.max(frame.next, source.lastIndexOf('\n', node.from));
}

/**
 * Builds a run from gaps of source text and decoded escapes. Its range is trimmed of whitespace, so
 * line breaks and container markers at the edges of a run stay in the file; whitespace inside is
 * kept (line breaks included: the adapter joins the lines).
 */
class RunBuilder {
  private start = -1;
  private end = -1;
  private value = '';
  /** Whitespace after the last content, kept in case more content follows. */
  private pending = '';

  constructor(private readonly source: string) {}

  addSource(from: number, to: number): void {
    let first = from;
    while (first < to && isSpace(this.source.charCodeAt(first))) first += 1;
    if (first === to) {
      if (this.start >= 0) this.pending += this.source.slice(from, to);
      return;
    }
    let last = to;
    while (isSpace(this.source.charCodeAt(last - 1))) last -= 1;
    if (this.start < 0) {
      this.start = first;
      this.value = this.source.slice(first, last);
    } else {
      this.value += this.pending + this.source.slice(from, last);
    }
    this.end = last;
    this.pending = this.source.slice(last, to);
  }

  /** An escape or character reference: content, whatever it decodes to. */
  addDecoded(from: number, to: number, value: string): void {
    if (this.start < 0) {
      this.start = from;
      this.value = value;
    } else {
      this.value += this.pending + value;
    }
    this.end = to;
    this.pending = '';
  }

  /** The run so far (null when it holds no content), and a fresh start. */
  take(inTable: boolean): TextRun | null {
    const run = this.start < 0 ? null : { start: this.start, end: this.end, value: this.value, inTable };
    this.start = this.end = -1;
    this.value = this.pending = '';
    return run;
  }
}

/** ASCII whitespace; other spaces (no-break space…) stay inside a run, where the slot keeps them. */
function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/**
 * A character reference as CommonMark reads it: a known HTML name, or a decimal (up to 7 digits)
 * or hexadecimal (up to 6) number; anything else stays as written.
 */
function decodeEntity(raw: string): string {
  if (/^&#(?:\d{8,}|[xX][\da-fA-F]{7,});$/.test(raw)) return raw;
  return decodeHTMLStrict(raw);
}
