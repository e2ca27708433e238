import { addSegment, fillSlot, replaceRanges, type Slot } from '../segments.ts';
import type { DocumentAdapter } from '../types.ts';
import { markdownSource } from './markdown-source.ts';
import { parseMarkdown } from './markdown-syntax.ts';
import { collectTextRuns } from './markdown-text-runs.ts';
import { oneLine } from './txt.ts';

interface Edit {
  start: number;
  end: number;
  slot: Slot;
  inTable: boolean;
}

/**
 * Markdown (CommonMark + GitHub's tables, strikethrough, autolinks, task lists, footnotes and alerts;
 * YAML/TOML front matter). The file is parsed to a syntax tree with exact source offsets, and only
 * the ranges of text runs are replaced, so headings, lists, links, tables, emphasis and every byte of
 * markup stay as written. Code blocks, inline code, raw HTML, front matter, link targets, images
 * and URLs are never touched.
 */
export const markdownAdapter: DocumentAdapter = {
  format: 'md',
  mimeType: 'text/markdown',
  textual: true,
  extract({ text }) {
    const source = markdownSource(text);
    const segments: string[] = [];
    const edits: Edit[] = [];
    for (const run of collectTextRuns(parseMarkdown(source.body), source.body)) {
      // Soft line breaks inside a paragraph become spaces: the translation is one line.
      const slot = addSegment(segments, run.value.includes('\n') ? oneLine(run.value) : run.value);
      if (slot)
        edits.push({
          start: source.toUpload(run.start),
          end: source.toUpload(run.end),
          slot,
          inTable: run.inTable,
        });
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
