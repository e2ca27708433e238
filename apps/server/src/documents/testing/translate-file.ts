import { documentLimits } from '../limits.ts';
import { prepareDocument, type PreparedDocument } from '../prepare.ts';
import { translateSegments, type TranslateTexts } from '../translate-segments.ts';
import type { DocumentLimits } from '../types.ts';

/** A deterministic stand-in for the model in adapter tests: upper-cases every text. */
export const upperCase: TranslateTexts = async (texts) => texts.map((text) => text.toUpperCase());

export const testLimits: DocumentLimits = documentLimits({
  maxFileBytes: 5 * 1024 * 1024,
  maxChars: 100_000,
});

/** Reads, translates and rebuilds a file the way the route does, with `translate` as the engine. */
export async function translateFile(
  fileName: string,
  content: string | Uint8Array,
  options: {
    translate?: TranslateTexts;
    limits?: DocumentLimits;
    mimeType?: string;
    target?: string;
    needsReview?: boolean;
  } = {},
): Promise<{ prepared: PreparedDocument; output: string | Uint8Array; text: string }> {
  const target = options.target ?? 'fra_Latn';
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const prepared = await prepareDocument(
    { fileName, bytes, ...(options.mimeType ? { mimeType: options.mimeType } : {}) },
    options.limits ?? testLimits,
    {
      target,
      ...(options.needsReview === undefined ? {} : { needsReview: options.needsReview }),
    },
  );
  const translations = await translateSegments(prepared.segments, {
    source: 'eng_Latn',
    target,
    translateTexts: options.translate ?? upperCase,
    signal: new AbortController().signal,
  });
  const output = await prepared.rebuild(translations);
  return { prepared, output, text: typeof output === 'string' ? output : '' };
}
