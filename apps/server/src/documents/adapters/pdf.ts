import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { documentError } from '../errors.ts';
import { addSegment, fillSlot, type Slot } from '../segments.ts';
import type { DocumentAdapter } from '../types.ts';
import { escapeMarkdown } from './markdown.ts';

/**
 * PDF. A PDF is positioned glyphs, not a document structure, so its layout cannot be rebuilt: the
 * text is read page by page with pdf.js, cut into paragraphs by the vertical gaps between lines, and
 * returned as Markdown with the pages separated by rules. The response says so.
 */
const NOTE =
  'A PDF layout cannot be rebuilt: its text was extracted page by page and is returned as Markdown.';

interface Line {
  text: string;
  y: number;
  height: number;
}

export const pdfAdapter: DocumentAdapter = {
  format: 'pdf',
  mimeType: 'application/pdf',
  textual: false,
  async extract({ bytes }) {
    const pages = await readPages(bytes);
    const segments: string[] = [];
    const slots: Array<Array<Slot | null>> = pages.map((paragraphs) =>
      paragraphs.map((p) => addSegment(segments, p)),
    );
    if (segments.length === 0) {
      throw documentError(
        'DOCUMENT_HAS_NO_TEXT',
        'The PDF has no text layer (it is probably scanned images); text recognition (OCR) is not supported.',
      );
    }
    return {
      segments,
      output: { extension: 'md', mimeType: 'text/markdown', note: NOTE },
      rebuild: (translations) =>
        pages
          .map((paragraphs, page) =>
            [
              `<!-- Page ${page + 1} -->`,
              ...paragraphs.map((paragraph, i) => {
                const slot = slots[page]![i];
                return slot
                  ? fillSlot(slot, translations, (t) => escapeMarkdown(t, false))
                  : escapeMarkdown(paragraph, false);
              }),
            ].join('\n\n'),
          )
          .join('\n\n---\n\n') + '\n',
    };
  },
};

/** The paragraphs of each page. */
async function readPages(bytes: Uint8Array): Promise<string[][]> {
  // pdf.js is large: loaded on the first PDF, not when the document worker starts.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise.catch((error: Error) => {
      if (error?.name === 'PasswordException') {
        throw documentError(
          'INVALID_DOCUMENT',
          'The PDF is password-protected; remove the password and try again.',
        );
      }
      throw documentError(
        'INVALID_DOCUMENT',
        `The PDF could not be read: ${error?.message ?? 'unknown error'}.`,
      );
    });
    const pages: string[][] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(toParagraphs(toLines(content.items.filter((item): item is TextItem => 'str' in item))));
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

function toLines(items: TextItem[]): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;
  for (const item of items) {
    current ??= { text: '', y: item.transform[5] ?? 0, height: item.height || 10 };
    current.text += item.str;
    if (item.hasEOL) {
      lines.push(current);
      current = null;
    }
  }
  if (current) lines.push(current);
  return lines.filter((line) => line.text.trim() !== '');
}

/** Lines closer than about one and a half line heights belong to the same paragraph. */
function toParagraphs(lines: Line[]): string[] {
  const paragraphs: string[] = [];
  let text = '';
  let previous: Line | null = null;
  for (const line of lines) {
    const gap = previous ? previous.y - line.y : 0;
    const newParagraph = previous && (gap > 1.6 * Math.max(previous.height, line.height) || gap < 0);
    if (previous && newParagraph) {
      paragraphs.push(text);
      text = '';
    }
    const trimmed = line.text.trim();
    // Words hyphenated across a line break are joined again.
    if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(trimmed)) text = text.slice(0, -1) + trimmed;
    else text = text ? `${text} ${trimmed}` : trimmed;
    previous = line;
  }
  if (text) paragraphs.push(text);
  return paragraphs;
}
