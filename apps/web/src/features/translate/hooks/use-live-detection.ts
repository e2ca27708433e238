import type { DetectResponse } from '@sema/shared/api/schemas';
import { useEffect, useState } from 'react';

/** A pause in typing this long asks for the language (fewer requests than one per key). */
export const LIVE_DETECTION_DELAY_MS = 700;
/** Fewer letters than this say too little about a language to be worth asking. */
const MIN_LETTERS = 3;
/** Below this confidence the guess is not shown: Auto Detect stays as it is. */
const SHOWN_CONFIDENCE = 0.5;
/**
 * A runner-up at least this share of the answer's confidence is near it (Kinyarwanda or Kirundi,
 * Kikuyu or Kamba in a few words): it is offered beside the answer, one tap away.
 */
export const NEAR_SHARE = 0.4;

export interface LiveDetection {
  code: string;
  confidence: number;
  /** The runner-up, when it is near the answer (see NEAR_SHARE). */
  near?: string;
}

/** The detection as the bar shows it: the answer, and the runner-up when the two are near. */
export function liveDetectionOf(response: DetectResponse): LiveDetection {
  const [runnerUp] = response.alternatives;
  const near =
    runnerUp && runnerUp.confidence >= NEAR_SHARE * response.confidence ? runnerUp.language : undefined;
  return {
    code: response.detected_language,
    confidence: response.confidence,
    ...(near ? { near } : {}),
  };
}

function letterCount(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}

/**
 * The language of the text being typed, asked through the translation state's `detect` after a
 * pause (detection sets loading and error like a translation), so that the Auto Detect
 * button can say what it found before anything is sent. The answer of an outdated text is ignored,
 * and a newer detection cancels the earlier one.
 */
export function useLiveDetection(
  text: string,
  enabled: boolean,
  detect: (text: string) => Promise<DetectResponse | null>,
): LiveDetection | null {
  const [found, setFound] = useState<{ text: string; detection: LiveDetection } | null>(null);
  const wanted = enabled && letterCount(text) >= MIN_LETTERS ? text : null;

  useEffect(() => {
    if (wanted === null) return;
    let current = true;
    const timer = setTimeout(() => {
      void detect(wanted).then((response) => {
        if (!current || !response) return;
        setFound({ text: wanted, detection: liveDetectionOf(response) });
      });
    }, LIVE_DETECTION_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [wanted, detect]);

  // Kept while the same text grows or shrinks (no flicker between pauses), dropped for another
  // text, and shown only when the detector is fairly sure.
  if (wanted === null || !found) return null;
  if (!wanted.startsWith(found.text) && !found.text.startsWith(wanted)) return null;
  return found.detection.confidence >= SHOWN_CONFIDENCE ? found.detection : null;
}
