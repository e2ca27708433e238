import type { BlockContext, InlineContext, Line, MarkdownConfig } from '@lezer/markdown';

/**
 * What GitHub reads in Markdown beyond @lezer/markdown's `GFM` bundle, where it changes which text a
 * translator may touch: footnotes (`[^1]` and `[^1]: note`), single-tilde strikethrough (`~old~`),
 * alert markers (`> [!NOTE]`) and URLs of any scheme. Without these a footnote label or an alert
 * marker would be translated (breaking it), `~old~` would come back as literal tildes, and
 * `http://localhost:3000/x` (no dot) or `https://host:port/x` would be translated as words.
 */

const OPEN_BRACKET = 91; // [
const CARET = 94; // ^
const COLON = 58; // :
const OPEN_PAREN = 40; // (
const TILDE = 126; // ~

/**
 * `[^label]`: no whitespace or unescaped brackets inside, at most 999 characters (as GFM says).
 * Sticky, so it is tried only at the position it is given.
 */
const FOOTNOTE_LABEL = /\[\^(?:\\[[\\\]]|\\(?![[\\\]])|[^\s[\]\\]){1,999}\]/y;

/** Length of the `[^label]` starting at `at` in `text`, or -1. */
function footnoteLabelLength(text: string, at: number): number {
  if (text.charCodeAt(at) !== OPEN_BRACKET || text.charCodeAt(at + 1) !== CARET) return -1;
  FOOTNOTE_LABEL.lastIndex = at;
  return FOOTNOTE_LABEL.exec(text)?.[0].length ?? -1;
}

/** End (in the line) of the `[^label]:` that opens a footnote definition on this line, or -1. */
function footnoteDefinitionStart(line: Line): number {
  if (line.indent - line.baseIndent >= 4) return -1; // that would be indented code
  const length = footnoteLabelLength(line.text, line.pos);
  if (length < 0 || line.text.charCodeAt(line.pos + length) !== COLON) return -1;
  return line.pos + length + 1;
}

export const Footnotes: MarkdownConfig = {
  defineNodes: [
    {
      name: 'FootnoteDefinition',
      block: true,
      // Like a list item: the definition goes on over blank lines and lines indented by 4 columns.
      composite(_cx: BlockContext, line: Line): boolean {
        if (line.next >= 0 && line.indent < line.baseIndent + 4) return false;
        line.moveBaseColumn(line.baseIndent + 4);
        return true;
      },
    },
    'FootnoteLabel',
    'FootnoteReference',
  ],
  parseBlock: [
    {
      name: 'FootnoteDefinition',
      parse(cx: BlockContext, line: Line) {
        const end = footnoteDefinitionStart(line);
        if (end < 0) return false;
        cx.startComposite('FootnoteDefinition', line.pos);
        cx.addElement(cx.elt('FootnoteLabel', cx.lineStart + line.pos, cx.lineStart + end));
        line.moveBase(end);
        return null;
      },
      endLeaf: (_cx, line) => footnoteDefinitionStart(line) >= 0,
      after: 'IndentedCode',
    },
  ],
  parseInline: [
    {
      name: 'FootnoteReference',
      parse(cx: InlineContext, next: number, pos: number): number {
        if (next !== OPEN_BRACKET || cx.char(pos + 1) !== CARET) return -1;
        const length = footnoteLabelLength(cx.text, pos - cx.offset);
        // `[^1][label]` and `[^1](url)` are links whose text is `^1`.
        const after = cx.char(pos + length);
        if (length < 0 || after === OPEN_BRACKET || after === OPEN_PAREN) return -1;
        return cx.addElement(cx.elt('FootnoteReference', pos, pos + length));
      },
      before: 'Link',
    },
  ],
};

/** Its own delimiter type, so one tilde only pairs with one tilde (and `~~` with `~~`). */
const SingleTilde = { resolve: 'Strikethrough', mark: 'StrikethroughMark' };
const PUNCTUATION = /[\p{P}\p{S}]/u;
const SPACE_OR_EDGE = /\s|^$/;

export const SingleTildeStrikethrough: MarkdownConfig = {
  parseInline: [
    {
      name: 'SingleTildeStrikethrough',
      parse(cx: InlineContext, next: number, pos: number): number {
        if (next !== TILDE || cx.char(pos + 1) === TILDE || cx.char(pos - 1) === TILDE) return -1;
        // The flanking rules of emphasis, as GFM uses them for strikethrough.
        const before = cx.slice(pos - 1, pos);
        const after = cx.slice(pos + 1, pos + 2);
        const spaceBefore = SPACE_OR_EDGE.test(before);
        const spaceAfter = SPACE_OR_EDGE.test(after);
        const punctBefore = PUNCTUATION.test(before);
        const punctAfter = PUNCTUATION.test(after);
        return cx.addDelimiter(
          SingleTilde,
          pos,
          pos + 1,
          !spaceAfter && (!punctAfter || spaceBefore || punctBefore),
          !spaceBefore && (!punctBefore || spaceAfter || punctAfter),
        );
      },
      after: 'Strikethrough',
    },
  ],
};

/** GitHub's alert markers, the first line of a blockquote: `> [!WARNING]`. */
const ALERT = /\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/iy;

export const GithubAlerts: MarkdownConfig = {
  defineNodes: ['AlertMarker'],
  parseInline: [
    {
      name: 'AlertMarker',
      parse(cx: InlineContext, next: number, pos: number): number {
        if (next !== OPEN_BRACKET || cx.char(pos + 1) !== 33 /* ! */) return -1;
        ALERT.lastIndex = pos - cx.offset;
        const match = ALERT.exec(cx.text);
        return match ? cx.addElement(cx.elt('AlertMarker', pos, pos + match[0].length)) : -1;
      },
      before: 'Link',
    },
  ],
};

/**
 * Bare URLs and e-mail addresses (GFM's "autolink literals"), in place of the `GFM` bundle's
 * `Autolink`, which is stricter than GitHub and micromark: it only takes `http(s)://` hosts with a
 * dot (not `http://localhost:3000/x`), stops at a `:port` that is not a number and knows no other
 * scheme (`git+ssh://`, `chrome://`). Here any `scheme://…` runs to the next space or `<`, and
 * `www.…`, `a@b.c`, `mailto:` and `xmpp:` are read as GFM says: a URL is never words.
 */
const BARE_LINK_START = /[a-z][a-z\d+.-]{1,31}:\/\/|www\.|mailto:|xmpp:|[\w.+-]+@/iy;
const URL_BODY = /[^\s<]+/y;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/y;
const XMPP_RESOURCE = /\/[a-z\d@.]+/iy;
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;
/** GFM's trailing punctuation, which ends a sentence rather than the URL. */
const TRAILING_PUNCTUATION = /[?!.,:*_~'"]/;

export const BareLinks: MarkdownConfig = {
  parseInline: [
    {
      name: 'BareLink',
      parse(cx: InlineContext, next: number, pos: number): number {
        // Called first, for every character: words and the single spaces between them are most of
        // the text, and no other rule starts on them, so they are passed over here at once.
        if (next === 32 /* space */) return isAsciiLetterOrDigit(cx.char(pos + 1)) ? pos + 1 : -1;
        if (!isAsciiWordCharacter(next)) return -1;
        const before = wordBefore(cx, pos);
        const wordEnd = endOfLettersAndDigits(cx, pos);
        // Every link has one of `: . + - _ @` right after its first run of letters and digits.
        if (before !== 'letter' && LINK_JOINERS.has(cx.char(wordEnd))) {
          const end = bareLinkEnd(cx, pos - cx.offset, before);
          if (end >= 0) return cx.addElement(cx.elt('URL', pos, cx.offset + end));
        }
        // A plain word. (`_` is not passed over: it can open or close emphasis.)
        return next === 95 /* _ */ ? -1 : wordEnd;
      },
      before: 'Escape',
    },
  ],
};

/** End (in `cx.text`) of the link starting at `at`, or -1. */
function bareLinkEnd(cx: InlineContext, at: number, before: 'joiner' | 'none'): number {
  BARE_LINK_START.lastIndex = at;
  const start = BARE_LINK_START.exec(cx.text)?.[0];
  if (start === undefined) return -1;
  // An address's first character may not follow one of its own (`a_b@c.d` starts at `a`).
  if (start.endsWith('@')) return before === 'none' ? emailEnd(cx.text, at) : -1;
  if (/^(?:mailto|xmpp):$/i.test(start)) return mailtoEnd(cx.text, at + start.length, start.length === 5);
  return urlEnd(cx, at, at + start.length);
}

/** `: . + - _ @` */
const LINK_JOINERS = new Set([58, 46, 43, 45, 95, 64]);

/** End of the letters and digits from `pos` (at least one character: `pos` itself may be `_`). */
function endOfLettersAndDigits(cx: InlineContext, pos: number): number {
  let end = pos + 1;
  while (isAsciiLetterOrDigit(cx.char(end))) end += 1;
  return end;
}

function isAsciiLetterOrDigit(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
}

function isAsciiWordCharacter(code: number): boolean {
  return isAsciiLetterOrDigit(code) || code === 95; // _
}

/**
 * What precedes `pos`: a letter or digit (no link starts inside a word), one of `_ . + -` (a URL
 * may start after it, as in `_www.x.org_`, but not an e-mail address), or anything else.
 */
function wordBefore(cx: InlineContext, pos: number): 'letter' | 'joiner' | 'none' {
  const before = cx.char(pos - 1);
  if (before < 0) return 'none';
  if (isAsciiLetterOrDigit(before)) return 'letter';
  if (before === 95 || before === 46 || before === 43 || before === 45) return 'joiner'; // _ . + -
  return before > 127 && WORD_CHARACTER.test(cx.slice(pos - 1, pos)) ? 'letter' : 'none';
}

/** End of a URL whose body starts at `bodyStart` (after `scheme://` or `www.`), or -1. */
function urlEnd(cx: InlineContext, at: number, bodyStart: number): number {
  URL_BODY.lastIndex = bodyStart;
  let url = cx.text.slice(at, bodyStart) + (URL_BODY.exec(cx.text)?.[0] ?? '');
  // Inside a link's text the URL ends at the text's closing bracket. (`hasOpenLink` looks back
  // over the paragraph, so it is only asked when there is a bracket to cut at.)
  if (url.includes(']') && cx.hasOpenLink) url = /^(?:[^[\]]|\[[^\]]*\])*/.exec(url)![0];
  const length = trimUrlEnd(url);
  return length > bodyStart - at ? at + length : -1;
}

/** End of an e-mail address starting at `at`, or -1 (GFM: it may not end in `-` or `_`). */
function emailEnd(text: string, at: number): number {
  EMAIL.lastIndex = at;
  const email = EMAIL.exec(text)?.[0];
  if (email === undefined || /[-_]$/.test(email)) return -1;
  return at + email.length;
}

function mailtoEnd(text: string, at: number, xmpp: boolean): number {
  const end = emailEnd(text, at);
  if (end < 0 || !xmpp) return end;
  XMPP_RESOURCE.lastIndex = end;
  return end + (XMPP_RESOURCE.exec(text)?.[0].length ?? 0);
}

/** Length of `url` without the punctuation (and unbalanced `)` or entity) that follows it in prose. */
function trimUrlEnd(url: string): number {
  let end = url.length;
  let unbalanced = 0; // closing parentheses without an opening one, over url[0, end)
  for (const character of url) unbalanced += character === ')' ? 1 : character === '(' ? -1 : 0;
  for (;;) {
    const last = url[end - 1];
    if (last === undefined) return 0;
    if (TRAILING_PUNCTUATION.test(last)) end -= 1;
    else if (last === ')' && unbalanced > 0) {
      end -= 1;
      unbalanced -= 1;
    } else if (last === ';') {
      const entity = /&(?:#\d+|#x[\da-f]+|\w+);$/i.exec(url.slice(Math.max(0, end - 40), end));
      if (!entity) return end;
      end -= entity[0].length;
    } else return end;
  }
}
