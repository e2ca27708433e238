/**
 * Translates a document's segments through the engine, a chunk at a time so that progress can be
 * reported and a cancelled request stops early. Identical segments (a repeated table header, the same
 * subtitle line) are translated once.
 */
import type { Glossary } from '../translation/protected-spans.ts';

/** The engine as documents see it: texts in, translations out, in the same order. */
export type TranslateTexts = (
  texts: string[],
  source: string,
  target: string,
  signal: AbortSignal,
  glossary?: Glossary,
) => Promise<string[]>;

export interface SegmentProgress {
  /** Characters translated so far, and in all. */
  done: number;
  total: number;
}

export interface TranslateSegmentsOptions {
  source: string;
  target: string;
  translateTexts: TranslateTexts;
  signal: AbortSignal;
  /** Terms with fixed translations, for every segment. */
  glossary?: Glossary | undefined;
  onProgress?: (progress: SegmentProgress) => void;
  /** A chunk ends after this many characters or segments, whichever comes first. */
  chunkChars?: number;
  chunkSegments?: number;
}

export async function translateSegments(
  segments: readonly string[],
  options: TranslateSegmentsOptions,
): Promise<string[]> {
  const { source, target, translateTexts, signal, onProgress } = options;
  const total = segments.reduce((sum, segment) => sum + segment.length, 0);
  if (source === target) {
    onProgress?.({ done: total, total });
    return [...segments];
  }
  // Each unique text carries the weight of all its occurrences, so progress ends exactly at `total`.
  const weights = new Map<string, number>();
  for (const segment of segments) weights.set(segment, (weights.get(segment) ?? 0) + segment.length);
  const unique = [...weights.keys()];
  const translated = new Map<string, string>();
  let done = 0;
  onProgress?.({ done, total });
  for (const chunk of chunks(unique, options.chunkChars ?? 2000, options.chunkSegments ?? 16)) {
    signal.throwIfAborted();
    const results = await translateTexts(chunk, source, target, signal, options.glossary);
    if (results.length !== chunk.length) {
      throw new Error(`The engine returned ${results.length} translations for ${chunk.length} texts`);
    }
    chunk.forEach((text, i) => {
      translated.set(text, results[i]!);
      done += weights.get(text)!;
    });
    onProgress?.({ done, total });
  }
  return segments.map((segment) => translated.get(segment)!);
}

function* chunks(texts: readonly string[], maxChars: number, maxSegments: number): Generator<string[]> {
  let chunk: string[] = [];
  let chars = 0;
  for (const text of texts) {
    if (chunk.length > 0 && (chars + text.length > maxChars || chunk.length >= maxSegments)) {
      yield chunk;
      chunk = [];
      chars = 0;
    }
    chunk.push(text);
    chars += text.length;
  }
  if (chunk.length > 0) yield chunk;
}
