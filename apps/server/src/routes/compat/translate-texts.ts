import type { FastifyInstance } from 'fastify';
import type { Detection } from '../../detection/detector.ts';

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
): Promise<TextsTranslated> {
  const detections = texts.map((text) =>
    source === 'auto' && text.trim() ? app.detector.detect(text) : null,
  );
  const work = texts.flatMap((text, index) => {
    const from = source === 'auto' ? detections[index]?.language : source;
    return text.trim() && from ? [{ index, text, source: from }] : [];
  });
  const translated = await app.translation.translateAll(
    work.map((item) => ({ text: item.text, source: item.source, target })),
    signal,
  );
  const translations = [...texts];
  work.forEach((item, position) => (translations[item.index] = translated[position]!));
  return { translations, detections };
}
