import type { Tree } from '@lezer/common';
import { parser, Strikethrough, Table, TaskList } from '@lezer/markdown';
import { documentError } from '../errors.ts';
import { BareLinks, Footnotes, GithubAlerts, SingleTildeStrikethrough } from './markdown-gfm-extras.ts';
import { definedLabels, undefinedReferencesAsText } from './markdown-references.ts';

/**
 * The Markdown parser: @lezer/markdown (CodeMirror's; CommonMark, checked against the spec's
 * examples) with GitHub's extensions: its own tables, task lists and strikethrough, and ours (see
 * markdown-gfm-extras.ts) for the rest. It replaced micromark (through mdast-util-from-markdown),
 * which read list-heavy files at 0.5 MB/s; this reads them about 15 times faster, and every node,
 * inline ones included, carries its exact source range.
 */
const githubMarkdown = parser.configure([
  Table,
  TaskList,
  Strikethrough,
  SingleTildeStrikethrough,
  BareLinks,
  Footnotes,
  GithubAlerts,
]);

/** Parses Markdown (without front matter) into a syntax tree with source offsets. */
export function parseMarkdown(markdown: string): Tree {
  // The link rule depends on the document's own definitions, so it is configured per document
  // (a cheap step: well under a millisecond).
  const withReferences = githubMarkdown.configure(undefinedReferencesAsText(definedLabels(markdown)));
  try {
    return withReferences.parse(markdown);
  } catch (error) {
    // The parser builds its tree recursively: tens of thousands of nested emphasis markers overflow it.
    if (error instanceof RangeError)
      throw documentError('INVALID_DOCUMENT', 'The Markdown is nested too deeply to be read.');
    throw error;
  }
}
