import type { Nodes, Parents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { addSegment, fillSlot, replaceRanges, type Slot } from '../segments.ts';
import type { DocumentAdapter } from '../types.ts';
import { oneLine } from './txt.ts';

/**
 * Markdown (CommonMark + GFM tables, strikethrough and autolinks, YAML/TOML front matter). The file
 * is parsed to an mdast tree with source positions, and only the source ranges of text nodes are
 * replaced, so headings, lists, links, tables, emphasis and every byte of markup stay as written.
 * Code blocks, inline code, raw HTML, front matter, link targets and bare URLs are never touched.
 */
const SKIPPED = new Set([
  'code',
  'inlineCode',
  'html',
  'yaml',
  'toml',
  'definition',
  'image',
  'imageReference',
]);
const MATTERS = ['yaml', 'toml'] as const;

interface Edit {
  start: number;
  end: number;
  slot: Slot;
  inTable: boolean;
}

export const markdownAdapter: DocumentAdapter = {
  format: 'md',
  mimeType: 'text/markdown',
  textual: true,
  extract({ text }) {
    const tree = fromMarkdown(text, {
      extensions: [gfm(), frontmatter([...MATTERS])],
      mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown([...MATTERS])],
    });
    const segments: string[] = [];
    const edits: Edit[] = [];
    // An explicit stack: hostile input can nest thousands of levels deep.
    const stack: Array<{ node: Nodes; inTable: boolean }> = [{ node: tree, inTable: false }];
    while (stack.length > 0) {
      const { node, inTable } = stack.pop()!;
      if (SKIPPED.has(node.type) || isBareUrl(node, text)) continue;
      if (node.type === 'text') {
        const start = node.position?.start.offset;
        const end = node.position?.end.offset;
        if (start === undefined || end === undefined) continue;
        // Soft line breaks inside a paragraph become spaces: the translation is one line.
        const slot = addSegment(segments, oneLine(node.value));
        if (slot) edits.push({ start, end, slot, inTable });
        continue;
      }
      if ('children' in node) {
        const childInTable = inTable || node.type === 'table';
        for (const child of [...(node as Parents).children].reverse())
          stack.push({ node: child, inTable: childInTable });
      }
    }
    return {
      segments,
      rebuild: (translations) =>
        replaceRanges(
          text,
          edits.map(({ start, end, slot, inTable }) => ({
            start,
            end,
            text: fillSlot(slot, translations, (t) => escapeMarkdown(oneLine(t), inTable)),
          })),
        ),
    };
  },
};

/** `<https://x.org>` and bare `https://x.org` / `www.x.org` are links whose text is the URL itself. */
function isBareUrl(node: Nodes, source: string): boolean {
  if (node.type !== 'link') return false;
  const start = node.position?.start.offset;
  return start !== undefined && source[start] !== '[';
}

/**
 * Escapes what would turn translated words into markup. A backslash before ASCII punctuation is always
 * a literal in CommonMark, so over-escaping is harmless.
 */
export function escapeMarkdown(text: string, inTable: boolean): string {
  let out = text.replace(/[\\`*_[\]<~]/g, '\\$&').replace(/&(?=#?\w+;)/g, '&amp;');
  if (inTable) out = out.replace(/\|/g, '\\|');
  // At the start of a line these would begin a heading, quote, list or setext underline.
  return out.replace(/^([#>+\-=])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');
}
