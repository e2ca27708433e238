/**
 * Texts that are plain text, HTML or XML. For markup, only the human text goes through the pipeline
 * (each piece with its text's language pair and glossary), and the markup is rebuilt around the
 * translations; tags can therefore never be lost, duplicated or unbalanced.
 */
import { extractMarkup, type ExtractedMarkup, type TextFormat } from '../documents/markup.ts';
import type { TranslateParams } from '../translation/pipeline.ts';

export interface MarkupOptions {
  format: TextFormat;
  /** Elements whose content stays as it is (DeepL's `ignore_tags`). */
  ignoreTags?: readonly string[];
}

export const PLAIN_TEXT: MarkupOptions = { format: 'text' };

/** What the pipeline needs of translation here. */
interface Translator {
  translateAll(requests: readonly TranslateParams[], signal?: AbortSignal): Promise<string[]>;
}

/** The words a detector should see: for markup, its text without the tags. */
export function detectableText(text: string, options: MarkupOptions): string {
  if (options.format === 'text') return text;
  const { segments } = extractMarkup(text, options.format, options.ignoreTags);
  return segments.length > 0 ? segments.join('\n') : text;
}

/** Translates the texts as one piece of work, each in its own pair, with the markup kept. */
export async function translateMarked(
  translator: Translator,
  items: readonly TranslateParams[],
  options: MarkupOptions,
  signal: AbortSignal | undefined,
): Promise<string[]> {
  const { format } = options;
  if (format === 'text') return translator.translateAll(items, signal);
  const documents: ExtractedMarkup[] = items.map((item) =>
    extractMarkup(item.text, format, options.ignoreTags),
  );
  const pieces = items.flatMap((item, i) => documents[i]!.segments.map((text) => ({ ...item, text })));
  const translated = await translator.translateAll(pieces, signal);
  let cursor = 0;
  return documents.map((document) => {
    const own = translated.slice(cursor, cursor + document.segments.length);
    cursor += document.segments.length;
    return document.rebuild(own);
  });
}
