import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { decodeHTML } from 'entities';
import { InlineRun } from '../../translation/inline-codes.ts';
import {
  addSegment,
  fillSlot,
  hasLetters,
  renderEdits,
  replaceRanges,
  splitEdges,
  type PendingEdit,
  type Slot,
} from '../segments.ts';
import { addMarkupText, escapeMarkupWords, hasReferences } from './markup-references.ts';
import type { DocumentAdapter } from '../types.ts';

/** Text found in markup: the segments to translate, and the markup rebuilt with their translations. */
export interface ExtractedMarkup {
  segments: string[];
  rebuild(translations: readonly string[]): string;
}

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/**
 * HTML. parse5 (the WHATWG parsing algorithm) gives the source range of every text node and
 * attribute; only those ranges are rewritten, so tags, attributes, comments, scripts and styles keep
 * their exact bytes. Text is translated except inside code-like elements and anything marked
 * `translate="no"` or `class="notranslate"` (the HTML standard's and Google's opt-outs).
 */
const SKIPPED_ELEMENTS = new Set([
  'script',
  'style',
  'noscript',
  'code',
  'pre',
  'kbd',
  'samp',
  'var',
  'textarea',
  'math',
]);
/** Attributes that hold human text. */
const TEXT_ATTRIBUTES = new Set(['alt', 'title', 'placeholder', 'aria-label']);

export const htmlAdapter: DocumentAdapter = {
  format: 'html',
  mimeType: 'text/html',
  textual: true,
  extract: ({ text }) => extractHtml(text),
};

/**
 * Elements that sit inside a sentence: a paragraph's text and these elements around its words are
 * one segment, the tags held as inline codes (inline-codes.ts), so the model reads the sentence
 * whole and the tags move with their words. Any other element ends the sentence before it.
 */
const INLINE_ELEMENTS = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'big',
  'br',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'img',
  'ins',
  'kbd',
  'mark',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
]);
/** Inline elements with no end tag: standalone codes. */
const VOID_ELEMENTS = new Set(['br', 'img', 'wbr']);

/** A code of a run: a tag's bytes, with its translated attributes (`alt`, `title`) put in at the end. */
interface TagCode {
  start: number;
  end: number;
  edits: PendingEdit[];
}

/**
 * The human text of an HTML document or fragment, and how to put its translation back; elements
 * named in `ignoreTags` are kept as they are, like code and scripts (DeepL's `ignore_tags`).
 */
export function extractHtml(source: string, ignoreTags: readonly string[] = []): ExtractedMarkup {
  const ignored = new Set(ignoreTags.map((tag) => tag.toLowerCase()));
  const document = parse(source, { sourceCodeLocationInfo: true });
  const segments: string[] = [];
  const edits: PendingEdit[] = [];
  const keptAsIs = (element: Element) => optedOut(element) || ignored.has(element.tagName);

  /** Whether a node can be part of a sentence run: text, a comment, or a well-formed inline element. */
  const runnable = (node: Node): boolean => {
    if (node.nodeName === '#text' || node.nodeName === '#comment') return Boolean(node.sourceCodeLocation);
    if (!('tagName' in node) || !INLINE_ELEMENTS.has(node.tagName)) return false;
    const location = node.sourceCodeLocation;
    if (!location?.startTag) return false;
    if (VOID_ELEMENTS.has(node.tagName) || keptAsIs(node) || SKIPPED_ELEMENTS.has(node.tagName)) return true;
    if (!location.endTag) return false;
    return contiguous(node.childNodes, location.startTag.endOffset, location.endTag.startOffset);
  };
  /**
   * Whether `nodes` cover the source from `start` to `end` with no gap: a stray end tag the parser
   * dropped (`<a><a></a></a>`) lies in a gap, and rewriting across it would lose it.
   */
  const contiguous = (nodes: readonly Node[], start: number, end: number): boolean => {
    let cursor = start;
    for (const node of nodes) {
      const location = node.sourceCodeLocation;
      if (!location || location.startOffset !== cursor || !runnable(node)) return false;
      cursor = location.endOffset;
    }
    return cursor === end;
  };

  /** One text node as its own segment, decoded (text merged across a mis-nested tag stays as it is). */
  const addText = (node: Node) => {
    const location = node.sourceCodeLocation!;
    if (source.slice(location.startOffset, location.endOffset).includes('<')) return;
    const slot = addSegment(segments, (node as Node & { value: string }).value);
    if (slot) {
      edits.push({
        start: location.startOffset,
        end: location.endOffset,
        render: (translations) => fillSlot(slot, translations, escapeText),
      });
    }
  };

  /** A run of sentence nodes: one segment with its tags as codes, or nothing when it has no words. */
  const addRun = (nodes: readonly Node[]) => {
    const first = nodes[0]!.sourceCodeLocation!;
    const last = nodes.at(-1)!.sourceCodeLocation!;
    const raw = (node: Node) =>
      source.slice(node.sourceCodeLocation!.startOffset, node.sourceCodeLocation!.endOffset);
    // A run of one plain text node is a segment as before: its text, decoded.
    if (nodes.length === 1 && nodes[0]!.nodeName === '#text' && !hasReferences(raw(nodes[0]!))) {
      addText(nodes[0]!);
      return;
    }
    const run = new InlineRun<TagCode | string>();
    const tagCodes: Array<TagCode & { element: Element }> = [];
    // A tag as a code; its attributes' edits are added once the run is kept.
    const code = (element: Element, start: number, end: number) => {
      const made = { start, end, edits: [], element };
      tagCodes.push(made);
      return made;
    };
    const forms = new Map<string, string>();
    let broken = false;
    const walk = (node: Node) => {
      const location = node.sourceCodeLocation!;
      if (node.nodeName === '#text') {
        if (raw(node).includes('<')) broken = true;
        addMarkupText(run, raw(node), decodeHTML, forms);
      } else if (node.nodeName === '#comment') {
        run.alone(raw(node));
      } else if ('tagName' in node) {
        const { startTag, endTag } = location as typeof location & {
          startTag: { startOffset: number; endOffset: number };
          endTag?: { startOffset: number; endOffset: number };
        };
        if (VOID_ELEMENTS.has(node.tagName)) {
          run.alone(code(node, startTag.startOffset, startTag.endOffset));
        } else if (keptAsIs(node) || SKIPPED_ELEMENTS.has(node.tagName)) {
          run.alone(code(node, location.startOffset, location.endOffset));
        } else {
          run.open(code(node, startTag.startOffset, startTag.endOffset));
          node.childNodes.forEach(walk);
          run.close(source.slice(endTag!.startOffset, endTag!.endOffset));
        }
      }
    };
    nodes.forEach(walk);
    const { lead, core, trail } = splitEdges(run.toSegment());
    if (broken || !hasLetters(core)) {
      // Mis-nested markup, or no words between the tags: each node on its own, as before.
      for (const node of nodes) {
        if (node.nodeName === '#text') addText(node);
        else visit(node);
      }
      return;
    }
    for (const made of tagCodes) {
      if (!keptAsIs(made.element)) made.edits = attributeEdits(made.element, source, segments);
    }
    segments.push(core);
    const index = segments.length - 1;
    edits.push({
      start: first.startOffset,
      end: last.endOffset,
      render: (translations) => {
        const show = (code: TagCode | string) =>
          typeof code === 'string'
            ? code
            : replaceRanges(
                source.slice(code.start, code.end),
                code.edits.map((edit) => ({
                  start: edit.start - code.start,
                  end: edit.end - code.start,
                  text: edit.render(translations),
                })),
              );
        return (
          lead +
          run.render(translations[index]!.trim(), (words) => escapeMarkupWords(words, forms), show) +
          trail
        );
      },
    });
  };

  const visitChildren = (children: readonly Node[]) => {
    let pending: Node[] = [];
    const flush = () => {
      const words = pending.some((node) => node.nodeName !== '#comment');
      if (
        words &&
        pending.some(
          (node) => node.nodeName !== '#text' || /\S/.test((node as { value?: string }).value ?? ''),
        )
      ) {
        addRun(pending);
      }
      pending = [];
    };
    for (const child of children) {
      const previous = pending.at(-1)?.sourceCodeLocation;
      if (previous && child.sourceCodeLocation?.startOffset !== previous.endOffset) flush();
      if (runnable(child)) pending.push(child);
      else {
        flush();
        visit(child);
      }
    }
    flush();
  };

  const visit = (node: Node) => {
    if ('tagName' in node) {
      if (keptAsIs(node)) return;
      edits.push(...attributeEdits(node, source, segments));
      if (SKIPPED_ELEMENTS.has(node.tagName)) return;
      if ('content' in node) visitChildren(node.content.childNodes);
    }
    if ('childNodes' in node) visitChildren(node.childNodes);
  };
  visit(document);

  const safeEdits = withoutOverlaps(edits);
  return {
    segments,
    rebuild: (translations) => renderEdits(source, safeEdits, translations),
  };
}

function optedOut(element: Element): boolean {
  return element.attrs.some(
    (attr) =>
      (attr.name === 'translate' && attr.value.trim().toLowerCase() === 'no') ||
      (attr.name === 'class' && attr.value.split(/\s+/).includes('notranslate')),
  );
}

function attributeEdits(element: Element, source: string, segments: string[]): PendingEdit[] {
  const edits: PendingEdit[] = [];
  for (const attr of element.attrs) {
    if (!TEXT_ATTRIBUTES.has(attr.name)) continue;
    const location = element.sourceCodeLocation?.attrs?.[attr.name];
    if (!location) continue;
    const slot: Slot | null = addSegment(segments, attr.value);
    if (!slot) continue;
    // Keep the name and the quoting as written: `alt = 'x'` stays single-quoted.
    const raw = source.slice(location.startOffset, location.endOffset);
    const [, prefix = '', quote = ''] = /^([^=]*=\s*)(["']?)/.exec(raw) ?? [];
    const mark = quote || '"';
    edits.push({
      start: location.startOffset,
      end: location.endOffset,
      render: (translations) =>
        prefix + mark + fillSlot(slot, translations, (t) => escapeAttribute(t, mark)) + mark,
    });
  }
  return edits;
}

/**
 * The parser can move nodes (foster parenting in tables) so that two ranges touch the same source;
 * such rare edits are dropped rather than risk corrupting the file.
 */
function withoutOverlaps(edits: PendingEdit[]): PendingEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const kept: PendingEdit[] = [];
  for (const edit of sorted) {
    if (kept.length === 0 || kept.at(-1)!.end <= edit.start) kept.push(edit);
  }
  return kept;
}

export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value in its quotes: `&`, `<` (which XML forbids there) and the quote itself escaped. */
export function escapeAttribute(text: string, quote: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(quote === "'" ? /'/g : /"/g, quote === "'" ? '&#39;' : '&quot;');
}
