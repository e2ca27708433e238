import { InlineContext, type MarkdownConfig } from '@lezer/markdown';

/**
 * Reference links that point nowhere are text, as CommonMark says. @lezer/markdown reads every
 * `[text]` as a link (it parses in one pass and does not know the definitions), and that matters
 * here: in `[parse(source[, options])](docs/api.md)` it takes `[, options]` for a link, so the outer
 * brackets are no longer one and the link target `docs/api.md` would be translated as words.
 *
 * The definitions are found first by a line scan (generous: a definition-like line inside a code
 * block also counts, which only keeps a link that CommonMark would not make), and a `]` that would
 * close a link to an unknown label is read as a plain character, as CommonMark does.
 */

/** `[label]:` at the start of a line, after any blockquote markers, indentation or list marker. */
const DEFINITION = /^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)?\[((?:\\[\s\S]|[^\\[\]]){1,999})\]:/gm;

/** CommonMark's label matching: case-insensitive, inner whitespace collapsed, ends trimmed. */
export function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase();
}

/** The normalized labels of every link reference definition in the text. */
export function definedLabels(markdown: string): Set<string> {
  const labels = new Set<string>();
  for (const match of markdown.matchAll(DEFINITION)) labels.add(normalizeLabel(match[1]!));
  return labels;
}

const CLOSE_BRACKET = 93; // ]
const OPEN_BRACKET = 91; // [
const OPEN_PAREN = 40; // (

interface Delimiter {
  type: unknown;
  to: number;
  side: number;
}

/**
 * The inline context's pending delimiters. Not part of the published types, but the only way to
 * drop a `[` the way the parser's own link rule does; when a future version renames it, links are
 * simply left to the parser's default.
 */
function pendingParts(cx: InlineContext): Array<Delimiter | null> | null {
  const parts = (cx as unknown as { parts?: unknown }).parts;
  return Array.isArray(parts) ? (parts as Array<Delimiter | null>) : null;
}

function isLinkOpener(part: unknown): part is Delimiter {
  const type = (part as Delimiter | null)?.type;
  return type === InlineContext.linkStart || type === InlineContext.imageStart;
}

/** End of the `[label]` starting at `from` (just after its `]`), or -1. */
function labelEnd(cx: InlineContext, from: number): number {
  for (let pos = from + 1; pos < cx.end && pos <= from + 1000; pos += 1) {
    const next = cx.char(pos);
    if (next === 92 /* \ */) pos += 1;
    else if (next === OPEN_BRACKET) return -1;
    else if (next === CLOSE_BRACKET) return pos + 1;
  }
  return -1;
}

export function undefinedReferencesAsText(defined: ReadonlySet<string>): MarkdownConfig {
  return {
    parseInline: [
      {
        name: 'UndefinedReference',
        parse(cx, next, start) {
          if (next !== CLOSE_BRACKET || cx.char(start + 1) === OPEN_PAREN) return -1;
          const parts = pendingParts(cx);
          if (!parts) return -1;
          let index = parts.length - 1;
          while (index >= 0 && !isLinkOpener(parts[index])) index -= 1;
          const opener = parts[index];
          // No opener, or one the link rule drops itself.
          if (!opener || !opener.side) return -1;
          let label = cx.slice(opener.to, start);
          if (cx.char(start + 1) === OPEN_BRACKET) {
            const end = labelEnd(cx, start + 1);
            const explicit = end < 0 ? '' : cx.slice(start + 2, end - 1);
            if (explicit.trim() !== '') label = explicit; // `[text][label]`; `[text][]` uses the text
          }
          if (defined.has(normalizeLabel(label))) return -1;
          parts[index] = null;
          return start + 1; // the `]` stays a character of the text
        },
        before: 'LinkEnd',
      },
    ],
  };
}
