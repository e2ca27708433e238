import { DOCUMENT_PREVIEW_CHARS, type DocumentFormat } from '@sema/shared/api/documents';
import { unzipSync } from 'fflate';
import { htmlAsText } from './adapters/reading-text.ts';
import { ADAPTERS } from './registry.ts';
import type { PackagePreview } from './types.ts';

/** The text of a package we wrote, as it reads, up to the preview's length; only its text parts are inflated. */
function packageAsText(body: Uint8Array, reading: PackagePreview): string {
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
  output: { format: DocumentFormat; extension: string; body: string | Uint8Array },
  translations: readonly string[],
): string {
  let text: string;
  // A package's adapter says which parts a person reads and how.
  const reading = ADAPTERS[output.format].preview;
  if (typeof output.body === 'string' && ['txt', 'text', 'md', 'markdown'].includes(output.extension)) {
    text = output.body;
  } else if (typeof output.body === 'string' && ['html', 'htm'].includes(output.extension)) {
    text = htmlAsText(output.body);
  } else if (typeof output.body !== 'string' && reading) {
    text = packageAsText(output.body, reading);
  } else {
    text = '';
    for (const translation of translations) {
      if (text.length >= DOCUMENT_PREVIEW_CHARS) break;
      text += (text ? '\n' : '') + translation.trim();
    }
  }
  return text.trim().slice(0, DOCUMENT_PREVIEW_CHARS);
}
