import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { addSegment, fillSlot, renderEdits, type PendingEdit, type Slot } from '../segments.ts';
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
 * The human text of an HTML document or fragment, and how to put its translation back; elements
 * named in `ignoreTags` are kept as they are, like code and scripts (DeepL's `ignore_tags`).
 */
export function extractHtml(source: string, ignoreTags: readonly string[] = []): ExtractedMarkup {
  const ignored = new Set(ignoreTags.map((tag) => tag.toLowerCase()));
  const document = parse(source, { sourceCodeLocationInfo: true });
  const segments: string[] = [];
  const edits: PendingEdit[] = [];
  const stack: Node[] = [document];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeName === '#text' && 'value' in node) {
      const location = node.sourceCodeLocation;
      // Mis-nested markup (`<a>x<a>y</a>z</a>`) makes the parser merge text from both sides of a
      // tag into one node: rewriting its range would drop the tag, so such text stays as it is.
      const spansTag = location && source.slice(location.startOffset, location.endOffset).includes('<');
      const slot = location && !spansTag ? addSegment(segments, node.value) : null;
      if (location && slot) {
        edits.push({
          start: location.startOffset,
          end: location.endOffset,
          render: (translations) => fillSlot(slot, translations, escapeText),
        });
      }
      continue;
    }
    if ('tagName' in node) {
      if (optedOut(node) || ignored.has(node.tagName)) continue;
      edits.push(...attributeEdits(node, source, segments));
      if (SKIPPED_ELEMENTS.has(node.tagName)) continue;
      if ('content' in node) stack.push(...[...node.content.childNodes].reverse());
    }
    if ('childNodes' in node) stack.push(...[...node.childNodes].reverse());
  }
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
