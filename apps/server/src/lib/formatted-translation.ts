/**
 * Translating request texts that are plain text, HTML or XML. For markup, only the human text goes
 * through the pipeline (each piece with the request's language pair and glossary), and the markup
 * is rebuilt around the translations; tags can therefore never be lost, duplicated or unbalanced.
 */
import type { FastifyInstance } from 'fastify';
import { extractMarkup, type ExtractedMarkup, type TextFormat } from '../documents/markup.ts';
import type { TranslateParams } from '../translation/pipeline.ts';

export interface FormattedOptions {
  format: TextFormat;
  /** Elements whose content stays as it is (DeepL's `ignore_tags`). */
  ignoreTags?: readonly string[];
}

/** The words a detector should see: for markup, its text without the tags. */
export function detectableText(text: string, options: FormattedOptions): string {
  if (options.format === 'text') return text;
  const { segments } = extractMarkup(text, options.format, options.ignoreTags);
  return segments.length > 0 ? segments.join('\n') : text;
}

export async function translateFormatted(
  app: FastifyInstance,
  items: readonly TranslateParams[],
  options: FormattedOptions,
  signal: AbortSignal,
): Promise<string[]> {
  const { format } = options;
  if (format === 'text') return app.translation.translateAll(items, signal);
  const documents: ExtractedMarkup[] = items.map((item) =>
    extractMarkup(item.text, format, options.ignoreTags),
  );
  const pieces = items.flatMap((item, i) => documents[i]!.segments.map((text) => ({ ...item, text })));
  const translated = await app.translation.translateAll(pieces, signal);
  let cursor = 0;
  return documents.map((document) => {
    const own = translated.slice(cursor, cursor + document.segments.length);
    cursor += document.segments.length;
    return document.rebuild(own);
  });
}
