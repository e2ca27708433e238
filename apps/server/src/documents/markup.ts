/**
 * Text requests in HTML or XML (`format: "html"`, LibreTranslate's `format=html`, DeepL's
 * `tag_handling`): the markup is read like an uploaded document's, so the same rules hold — text
 * translated, markup kept byte for byte, `translate="no"` respected.
 */
import { extractHtml, type ExtractedMarkup } from './adapters/html.ts';
import { extractXml } from './adapters/xml.ts';

export type TextFormat = 'text' | 'html' | 'xml';

export type { ExtractedMarkup };

export function extractMarkup(
  text: string,
  format: Exclude<TextFormat, 'text'>,
  ignoreTags: readonly string[] = [],
): ExtractedMarkup {
  return format === 'html' ? extractHtml(text, ignoreTags) : extractXml(text, ignoreTags);
}
