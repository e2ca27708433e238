/**
 * ICU plural and select blocks (`{n, plural, =0 {No files} one {# file} other {{n} files}}`): found
 * by matching braces, so a message may hold placeholders and other plurals to any depth. The one
 * matcher for text sent to translate (protected-spans.ts) and for documents (adapters/placeholders.ts),
 * so a plural is kept the same way whichever way it arrives.
 */

export interface IcuPart {
  /** `syntax` stays as it is (`{n, plural, one {`, `} other {`, `}}`); a `message` is words. */
  kind: 'syntax' | 'message';
  text: string;
}

const ICU_HEAD = /\{\s*[\w.]+\s*,\s*(?:plural|selectordinal|select)\s*,\s*(?:offset:\d+\s*)?/y;
const ICU_CASE = /^\s*(?:=\d+|[\w-]+)\s*\{/;

/** Index of the `}` that closes the `{` at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The ICU block that starts at `start` (its braces balanced), or undefined. */
function icuBlockAt(text: string, start: number): string | undefined {
  ICU_HEAD.lastIndex = start;
  if (!ICU_HEAD.test(text)) return undefined;
  const close = closingBrace(text, start);
  return close < 0 ? undefined : text.slice(start, close + 1);
}

/** Where the ICU blocks of `text` are, outermost only, left to right (end exclusive). */
export function icuBlocks(text: string): Array<{ start: number; end: number }> {
  const blocks: Array<{ start: number; end: number }> = [];
  for (let start = text.indexOf('{'); start >= 0; start = text.indexOf('{', start + 1)) {
    const block = icuBlockAt(text, start);
    if (!block) continue;
    blocks.push({ start, end: start + block.length });
    start += block.length - 1;
  }
  return blocks;
}

/**
 * A block as syntax and messages: `{count, plural, one {# item} other {# items}}` gives `{count,
 * plural, one {`, `# item`, `} other {`, `# items`, `}}`. A message keeps its own braces (a
 * placeholder, a nested plural) for the caller to split again. Undefined when `block` is not a
 * well-formed ICU block, which callers then keep whole.
 */
export function icuParts(block: string): IcuPart[] | undefined {
  ICU_HEAD.lastIndex = 0;
  if (!ICU_HEAD.test(block)) return undefined;
  const parts: IcuPart[] = [];
  let syntax = block.slice(0, ICU_HEAD.lastIndex);
  let cursor = ICU_HEAD.lastIndex;
  for (
    let selector = ICU_CASE.exec(block.slice(cursor));
    selector;
    selector = ICU_CASE.exec(block.slice(cursor))
  ) {
    syntax += selector[0];
    cursor += selector[0].length;
    const close = closingBrace(block, cursor - 1);
    if (close < 0) return undefined;
    parts.push({ kind: 'syntax', text: syntax }, { kind: 'message', text: block.slice(cursor, close) });
    syntax = '}';
    cursor = close + 1;
  }
  const rest = block.slice(cursor);
  if (parts.length === 0 || rest.trim() !== '}') return undefined;
  parts.push({ kind: 'syntax', text: syntax + rest });
  return parts;
}
