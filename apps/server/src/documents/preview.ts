import { DOCUMENT_PREVIEW_CHARS } from '@sema/shared/api/documents';
import { unzipSync } from 'fflate';
import { Parser } from 'htmlparser2';
import { wordprocessingText } from './adapters/wordprocessing-xml.ts';

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

/** How a package we wrote reads: the parts that hold its text, in reading order, and each part's text. */
interface PackageReading {
  parts: (name: string) => boolean;
  /** Sorts the parts into reading order (slide 2 before slide 10); zip order otherwise. */
  order?: (a: string, b: string) => number;
  read: (xml: string) => string;
}

const slideNumber = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);
const ODF_PARAGRAPHS: ParagraphDialect = {
  paragraphs: new Set(['text:p', 'text:h']),
  breaks: new Set(['text:line-break']),
  spaces: new Set(['text:tab', 'text:s']),
  // Footnotes, comments and an image's title are not read inside the sentence they are anchored in.
  skipped: new Set(['text:note', 'office:annotation', 'draw:frame']),
};
const ODF: PackageReading = {
  parts: (name) => name === 'content.xml',
  read: (xml) => paragraphLines(xml, ODF_PARAGRAPHS),
};
const READINGS: Readonly<Record<string, PackageReading>> = {
  // The body only: headers, footers and notes are other parts.
  docx: { parts: (name) => name === 'word/document.xml', read: wordprocessingText },
  pptx: {
    parts: (name) => /^ppt\/slides\/slide\d+\.xml$/.test(name),
    order: (a, b) => slideNumber(a) - slideNumber(b),
    read: (xml) =>
      paragraphLines(xml, {
        paragraphs: new Set(['a:p']),
        breaks: new Set(['a:br']),
        spaces: new Set(),
        // Slide numbers and dates are fields, not words.
        skipped: new Set(['a:fld']),
        text: new Set(['a:t']),
      }),
  },
  odt: ODF,
  ods: ODF,
  odp: ODF,
  epub: {
    // Chapters in the order the book's zip holds them (writers store them in reading order).
    parts: (name) => /\.(?:xhtml|html|htm|xht)$/i.test(name),
    // The navigation document is the table of contents, not the book's first words.
    read: (xhtml) => (/epub:type\s*=\s*["']toc["']/.test(xhtml) ? '' : htmlAsText(xhtml)),
  },
};

interface ParagraphDialect {
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
function paragraphLines(xml: string, dialect: ParagraphDialect): string {
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

/** The text of a package we wrote, as it reads, up to the preview's length; only its text parts are inflated. */
function packageAsText(body: Uint8Array, reading: PackageReading): string {
  const files = unzipSync(body, { filter: (file) => reading.parts(file.name) });
  const names = Object.keys(files);
  if (reading.order) names.sort(reading.order);
  let text = '';
  for (const name of names) {
    if (text.length >= DOCUMENT_PREVIEW_CHARS) break;
    const part = reading.read(new TextDecoder().decode(files[name]));
    if (part) text += (text ? '\n' : '') + part;
  }
  return text;
}

/**
 * The start of the translated document as a person reads it, for showing beside the download: a text
 * or Markdown file as it is (inline code, numbers and code blocks included, paragraphs as they are),
 * an HTML page as its text, a Word document's body, slides, OpenDocument files and EPUB chapters a
 * paragraph a line; other formats (subtitles, JSON values, spreadsheets' shared strings) their
 * translated segments one per line.
 */
export function documentPreview(
  output: { extension: string; body: string | Uint8Array },
  translations: readonly string[],
): string {
  let text: string;
  if (typeof output.body === 'string' && ['txt', 'text', 'md', 'markdown'].includes(output.extension)) {
    text = output.body;
  } else if (typeof output.body === 'string' && ['html', 'htm'].includes(output.extension)) {
    text = htmlAsText(output.body);
  } else if (typeof output.body !== 'string' && READINGS[output.extension]) {
    text = packageAsText(output.body, READINGS[output.extension]!);
  } else {
    text = '';
    for (const translation of translations) {
      if (text.length >= DOCUMENT_PREVIEW_CHARS) break;
      text += (text ? '\n' : '') + translation.trim();
    }
  }
  return text.trim().slice(0, DOCUMENT_PREVIEW_CHARS);
}
