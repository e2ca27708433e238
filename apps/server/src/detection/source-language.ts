/**
 * The source language of a piece of work, decided in one place for every use case. A source that
 * was given is used as it is; under `auto` each use case reads the text its own way, named here as
 * a rule rather than re-decided by each caller:
 *
 * - `text`: one text (already reduced to its words when it carries markup) is detected on its own;
 *   a text no language can be detected in has no source (the caller refuses it, saying why).
 * - `document`: a file is detected on a sample of its first segments (the start of a document says
 *   what it is written in; reading a whole book would only cost time); none when nothing is readable.
 * - `conversation`: a chat message keeps the conversation's language when it is short or the
 *   detector is unsure ("ok", "sawa"), and a message with no letters at all is read as English (the
 *   model's language), so a turn always has a language.
 */
import { AUTO } from '@sema/shared/validation';
import type { Detection } from './detector.ts';

import { ENGLISH } from '@sema/shared/languages/english';

export { ENGLISH };

/** Below this detection confidence a message keeps the conversation's earlier language. */
export const CONFIDENT_DETECTION = 0.5;

/**
 * A message with fewer letters than this ("ok, thanks", "sawa") is too short for detection to
 * overrule the conversation: it keeps the conversation's language whatever the detector says.
 */
export const SHORT_MESSAGE_LETTERS = 24;

/** How much of a document's text its language is detected on. */
export const DOCUMENT_SAMPLE_CHARS = 2000;

export type SourceRule =
  | { rule: 'text'; text: string }
  | { rule: 'document'; segments: readonly string[] }
  | {
      rule: 'conversation';
      /** The message's text to detect on (a chat app's English wrapping already taken out). */
      text: string;
      /** The message as sent: its letters decide whether it is too short to overrule. */
      message: string;
      /** The conversation's language when the client knows it (a catalogue code). */
      conversationLanguage?: string;
      /** Earlier user messages, oldest first, to find the conversation's language otherwise. */
      earlier: readonly string[];
    };

/** Where a source came from: given, detected, kept from the conversation, or English by default. */
export type SourceOrigin = 'given' | 'detected' | 'previous-turn' | 'no-letters';

export interface SourceDecision {
  language: string;
  origin: SourceOrigin;
  /** The detection's confidence (0 to 1) when detected; 1 otherwise. */
  confidence: number;
}

export type Detect = (text: string) => Detection | null;

export function letterCount(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}

/** A confident detection on enough letters: the kind that can set a conversation's language. */
export function isSureOf(detection: Detection | null, text: string): detection is Detection {
  return (
    detection !== null &&
    detection.confidence >= CONFIDENT_DETECTION &&
    letterCount(text) >= SHORT_MESSAGE_LETTERS
  );
}

/**
 * The source of one piece of work: `asked` when it is a code, else detected by the input's rule.
 * Null only for `text` and `document` when no language can be detected (the caller's refusal).
 */
export function resolveSource(detect: Detect, asked: string, input: SourceRule): SourceDecision | null {
  if (asked !== AUTO) return { language: asked, origin: 'given', confidence: 1 };
  switch (input.rule) {
    case 'text':
      return detected(detect(input.text));
    case 'document':
      return detected(detect(documentSample(input.segments)));
    case 'conversation':
      return conversationSource(detect, input);
  }
}

function detected(detection: Detection | null): SourceDecision | null {
  return detection && { language: detection.language, origin: 'detected', confidence: detection.confidence };
}

function documentSample(segments: readonly string[]): string {
  let sample = '';
  for (const segment of segments) {
    if (sample.length >= DOCUMENT_SAMPLE_CHARS) break;
    sample += `${segment}\n`;
  }
  return sample.slice(0, DOCUMENT_SAMPLE_CHARS);
}

function conversationSource(
  detect: Detect,
  input: Extract<SourceRule, { rule: 'conversation' }>,
): SourceDecision {
  const detection = detect(input.text);
  if (!detection) return { language: ENGLISH, origin: 'no-letters', confidence: 1 };
  const unsure =
    detection.confidence < CONFIDENT_DETECTION || letterCount(input.message) < SHORT_MESSAGE_LETTERS;
  const previous = unsure
    ? (input.conversationLanguage ?? earlierLanguage(detect, input.earlier))
    : undefined;
  if (previous && previous !== detection.language) {
    return { language: previous, origin: 'previous-turn', confidence: 1 };
  }
  return { language: detection.language, origin: 'detected', confidence: detection.confidence };
}

/** The language of the newest earlier message the detector is sure of. */
function earlierLanguage(detect: Detect, earlier: readonly string[]): string | undefined {
  for (let i = earlier.length - 1; i >= 0; i--) {
    const detection = detect(earlier[i]!);
    if (isSureOf(detection, earlier[i]!)) return detection.language;
  }
  return undefined;
}
