import { Parser } from 'htmlparser2';

/**
 * Documents as a person reads them, a paragraph a line, for the preview beside a download: each
 * package format's adapter declares which parts it reads with these (types.ts `PackagePreview`).
 */
/** Elements that start a new line when a page is read: headings, paragraphs, list items, rows … */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tr',
  'ul',
]);
/** Elements whose content is never read on the page. */
const UNREAD = new Set(['script', 'style', 'noscript', 'template', 'head', 'title']);

/** The text of an HTML page as it reads: one line per block, inline elements (links, code) in place. */
export function htmlAsText(html: string): string {
  let text = '';
  let unread = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (UNREAD.has(name)) unread += 1;
        else if (BLOCKS.has(name)) text += '\n';
      },
      onclosetag(name) {
        if (UNREAD.has(name)) unread = Math.max(0, unread - 1);
        else if (BLOCKS.has(name)) text += '\n';
      },
      ontext(data) {
        if (unread === 0) text += data;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

export interface ParagraphDialect {
  paragraphs: ReadonlySet<string>;
  /** Elements that end a line, and elements that stand for a space (a tab, ODF's `text:s`). */
  breaks: ReadonlySet<string>;
  spaces: ReadonlySet<string>;
  /** Elements whose text is not read where they stand. */
  skipped: ReadonlySet<string>;
  /** When given, text counts only inside these elements (DrawingML keeps words in `a:t`). */
  text?: ReadonlySet<string>;
}

/** The paragraphs of an XML part, a line each. */
export function paragraphLines(xml: string, dialect: ParagraphDialect): string {
  let text = '';
  let inParagraph = 0;
  let inText = 0;
  let inSkipped = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (dialect.skipped.has(name) || inSkipped > 0) inSkipped += 1;
        else if (dialect.paragraphs.has(name)) inParagraph += 1;
        else if (dialect.text?.has(name)) inText += 1;
        else if (dialect.breaks.has(name)) text += '\n';
        else if (dialect.spaces.has(name)) text += ' ';
      },
      onclosetag(name) {
        if (inSkipped > 0) inSkipped -= 1;
        else if (dialect.paragraphs.has(name)) {
          inParagraph -= 1;
          text += '\n';
        } else if (dialect.text?.has(name)) inText -= 1;
      },
      ontext(data) {
        if (inSkipped === 0 && inParagraph > 0 && (!dialect.text || inText > 0)) text += data;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}
