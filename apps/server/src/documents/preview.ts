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

/**
 * The body of a Word document we wrote ourselves as it reads. Only `word/document.xml` is inflated
 * (the package passed the upload's limits and was rebuilt by us), so nothing else is held.
 */
function docxAsText(body: Uint8Array): string {
  const part = unzipSync(body, { filter: (file) => file.name === 'word/document.xml' })['word/document.xml'];
  return part ? wordprocessingText(new TextDecoder().decode(part)) : '';
}

/**
 * The start of the translated document as a person reads it, for showing beside the download: a text
 * or Markdown file as it is (inline code, numbers and code blocks included, paragraphs as they are),
 * an HTML page as its text, a Word document's body a paragraph a line; other formats (subtitles,
 * JSON values) their translated segments one per line.
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
  } else if (typeof output.body !== 'string' && output.extension === 'docx') {
    text = docxAsText(output.body);
  } else {
    text = '';
    for (const translation of translations) {
      if (text.length >= DOCUMENT_PREVIEW_CHARS) break;
      text += (text ? '\n' : '') + translation.trim();
    }
  }
  return text.trim().slice(0, DOCUMENT_PREVIEW_CHARS);
}
