/**
 * Detection as a piece of work and `/api/v1/detect-language` ask it: on a server that reads fewer
 * languages than the catalogue (an M2M-100 or OPUS-MT model, `SEMA_LANGUAGES`), the detector
 * chooses among the languages the server reads (detector.ts, `detectionAmong`): "Muraho neza" read
 * as Kirundi on a Kinyarwanda server is Kinyarwanda, with alternatives the server reads. It still
 * ranks all 202 first, so that a text clearly in a language with no close relative the server reads
 * (Spanish on an English–Kinyarwanda server) is called by its name and refused, never quietly read
 * as another. Close relatives only (close-relatives.ts): they are the pairs a few words cannot
 * settle, and the ones a reader of one understands in the other.
 */
import type { Detector } from './detector.ts';

/** The codes a server reads, or null when it reads the whole catalogue. */
export type ReadableLanguages = () => ReadonlySet<string> | null;

/** The detector every use case resolves its source with (detection/source-language.ts). */
export function sourceDetector(
  detector: Pick<Detector, 'detect' | 'undetected'>,
  readable: ReadableLanguages,
): Pick<Detector, 'detect' | 'undetected'> {
  return {
    detect: (text) => detector.detect(text, readable()),
    undetected: (text) => detector.undetected(text),
  };
}
