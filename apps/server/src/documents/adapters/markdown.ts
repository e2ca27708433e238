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
    const { runs, referenceLabels } = collectTextRuns(parseMarkdown(source.body), source.body);
    const segments: string[] = [];
    const edits: Edit[] = [];
    for (const run of runs) {
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
    // `[text]` and `[text][]` become `[translation][text]`, so they still point to their definition.
    const labels = referenceLabels.map(({ linkStart, at, end }) => {
      const [open, close] = [source.toUpload(linkStart), source.toUpload(at)];
      return {
        edits: editsBetween(edits, open, close),
        start: close,
        end: source.toUpload(end),
        text: text.slice(open, close),
      };
    });
    return {
      segments,
      rebuild: (translations) => {
        const replaced = edits.map(({ start, end, slot, inTable }) => ({
          start,
          end,
          text: fillSlot(slot, translations, (t) => escapeMarkdown(oneLine(t), inTable)),
        }));
        // Labels first: an empty one right after `]` must go before text that starts there.
        return replaceRanges(text, [
          ...labels.filter((label) => changesText(label, replaced, text)),
          ...replaced,
        ]);
      },
    };
  },
};

/** Whether the link of a reference label had its text changed (an identical text needs no label). */
function changesText(
  label: { edits: [number, number] },
  replaced: ReadonlyArray<{ start: number; end: number; text: string }>,
  source: string,
): boolean {
  for (let i = label.edits[0]; i < label.edits[1]; i += 1) {
    const edit = replaced[i]!;
    if (edit.text !== source.slice(edit.start, edit.end)) return true;
  }
  return false;
}

/** The indices [first, last) of the edits (sorted by start) that start in [from, to). */
function editsBetween(edits: readonly Edit[], from: number, to: number): [number, number] {
  const first = firstEditFrom(edits, from);
  return [first, firstEditFrom(edits, to)];
}

/** Index of the first edit starting at or after `offset` (binary search). */
function firstEditFrom(edits: readonly Edit[], offset: number): number {
  let low = 0;
  let high = edits.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (edits[middle]!.start < offset) low = middle + 1;
    else high = middle;
  }
  return low;
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
