import type { FastifyInstance } from 'fastify';
import type { Detection } from '../../detection/detector.ts';
import {
  detectableText,
  translateFormatted,
  type FormattedOptions,
} from '../../lib/formatted-translation.ts';
import type { Glossary } from '../../translation/protected-spans.ts';

export interface TextsOptions {
  glossary?: Glossary | undefined;
  /** Plain text (the default), HTML or XML. */
  markup?: FormattedOptions;
}

/** How a request's texts stand against the server's limits, and the first limit they exceed. */
export interface TextsMeasured {
  total: number;
  exceeds?: 'count' | 'length' | 'total';
}

/** Too many texts, one text too long, or too many characters in all (checked in that order). */
export function measureTexts(app: FastifyInstance, texts: readonly string[]): TextsMeasured {
  const { maxTextChars } = app.config;
  const { batchMaxTexts, batchMaxChars } = app.config.translation;
  const total = texts.reduce((sum, text) => sum + text.length, 0);
  if (texts.length > batchMaxTexts) return { total, exceeds: 'count' };
  if (texts.some((text) => text.length > maxTextChars)) return { total, exceeds: 'length' };
  if (total > batchMaxChars) return { total, exceeds: 'total' };
  return { total };
}

export interface TextsTranslated {
  /** One per text, in order; a blank text, or one without letters under auto, comes back as it is. */
  translations: string[];
  /** Under auto, each text's detection (null when it has no language). */
  detections: (Detection | null)[];
}

/**
 * Translates the texts of one compatibility-API request as one piece of work: each text's source is
 * the one given, or (`auto`) detected on its own.
 */
export async function translateTexts(
  app: FastifyInstance,
  texts: readonly string[],
  source: string | 'auto',
  target: string,
  signal: AbortSignal,
  { glossary, markup = { format: 'text' } }: TextsOptions = {},
): Promise<TextsTranslated> {
  const detections = texts.map((text) =>
    source === 'auto' && text.trim() ? app.detector.detect(detectableText(text, markup)) : null,
  );
  const work = texts.flatMap((text, index) => {
    const from = source === 'auto' ? detections[index]?.language : source;
    return text.trim() && from ? [{ index, text, source: from }] : [];
  });
  const translated = await translateFormatted(
    app,
    work.map((item) => ({ text: item.text, source: item.source, target, ...(glossary ? { glossary } : {}) })),
    markup,
    signal,
  );
  const translations = [...texts];
  work.forEach((item, position) => (translations[item.index] = translated[position]!));
  return { translations, detections };
}
