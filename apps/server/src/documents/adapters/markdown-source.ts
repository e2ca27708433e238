/**
 * What the Markdown parser is given, and the way back to the upload's own offsets: front matter is
 * cut off (it is never text to translate), and CRLF / CR line endings are read as LF, because the
 * parser only knows `\n` (a CR would otherwise end up inside text and break hard line breaks).
 */
export interface MarkdownSource {
  /** The Markdown after the front matter, with every line ending as `\n`. */
  body: string;
  /** Maps an offset in `body` to the same place in the upload. */
  toUpload(offset: number): number;
}

const LINE_END = /\r\n?|\n/g;

export function markdownSource(upload: string): MarkdownSource {
  if (!upload.includes('\r')) {
    const bodyStart = frontMatterEnd(upload);
    return { body: upload.slice(bodyStart), toUpload: (offset) => bodyStart + offset };
  }
  // Each CRLF loses one character; `removedAt` lists, in order, the offset in `text` of each `\n`
  // that was a CRLF, so an offset moves forward by the number of those before it.
  const removedAt: number[] = [];
  let removed = 0;
  const text = upload.replace(LINE_END, (eol: string, at: number) => {
    if (eol.length === 2) {
      removedAt.push(at - removed);
      removed += 1;
    }
    return '\n';
  });
  const bodyStart = frontMatterEnd(text);
  return {
    body: text.slice(bodyStart),
    toUpload: (offset) => bodyStart + offset + countBelow(removedAt, bodyStart + offset),
  };
}

/** How many of the sorted `values` are smaller than `limit` (binary search). */
function countBelow(values: readonly number[], limit: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < limit) low = middle + 1;
    else high = middle;
  }
  return low;
}

const FENCES = ['---', '+++']; // YAML and TOML
const FENCE_LINE = /^(?:---|\+\+\+)[ \t]*$/;

/**
 * The end of the front matter (just before the line ending after its closing fence), or 0 when the
 * text has none. As in micromark-extension-frontmatter: the very first line is `---` (YAML) or `+++`
 * (TOML), and a later line holding the same fence closes it; without a closing fence there is none.
 */
export function frontMatterEnd(text: string): number {
  const fence = FENCES.find((candidate) => text.startsWith(candidate));
  const firstEnd = text.indexOf('\n');
  if (!fence || firstEnd < 0 || !FENCE_LINE.test(text.slice(0, firstEnd))) return 0;
  for (let lineStart = firstEnd + 1; lineStart <= text.length;) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    if (text.startsWith(fence, lineStart) && FENCE_LINE.test(text.slice(lineStart, lineEnd))) return lineEnd;
    if (newline < 0) break;
    lineStart = newline + 1;
  }
  return 0;
}
