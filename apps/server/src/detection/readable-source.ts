/**
 * Detection as a piece of work asks it: a server that reads fewer languages than the catalogue (an
 * M2M-100 or OPUS-MT model, `SEMA_LANGUAGES`) still detects among all 202 — a Spanish text on an
 * English–French server must be called Spanish and refused, never quietly read as French — but
 * where the detector's answer is a language the server cannot read and a close relative of it that
 * the server reads is among the runners-up ("Muraho neza" read as Kirundi on a Kinyarwanda server),
 * the relative is the source. Close relatives only (close-relatives.ts): they are the pairs a few
 * words cannot settle, and the ones a reader of one understands in the other.
 */
import { areCloseRelatives } from './close-relatives.ts';
import type { Detection, Detector } from './detector.ts';

/** The codes a server reads, or null when it reads the whole catalogue. */
export type ReadableLanguages = () => ReadonlySet<string> | null;

export function preferReadable(detection: Detection | null, readable: ReadonlySet<string> | null) {
  if (!detection || !readable || readable.has(detection.language)) return detection;
  const relative = detection.alternatives.find(
    (alternative) =>
      readable.has(alternative.language) && areCloseRelatives(alternative.language, detection.language),
  );
  if (!relative) return detection;
  const { language, confidence } = detection;
  return {
    language: relative.language,
    confidence: relative.confidence,
    alternatives: [
      { language, confidence },
      ...detection.alternatives.filter((alternative) => alternative !== relative),
    ],
  };
}

/** The detector every use case resolves its source with (detection/source-language.ts). */
export function sourceDetector(
  detector: Pick<Detector, 'detect' | 'undetected'>,
  readable: ReadableLanguages,
): Pick<Detector, 'detect' | 'undetected'> {
  return {
    detect: (text) => preferReadable(detector.detect(text), readable()),
    undetected: (text) => detector.undetected(text),
  };
}
