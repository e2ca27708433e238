/**
 * Language detection over the catalogue's 202 languages: the contract, and the detector that
 * composes the ranking (ranking.ts: script rules, n-gram model, marker words, letter rules) with the
 * confidence calibration (confidence.ts).
 */
import type { ConfidenceWeights } from './confidence.ts';
import { relativesCeiling, topConfidence } from './confidence.ts';
import { areCloseRelatives } from './close-relatives.ts';
import type { PriorSettings } from './language-prior.ts';
import { DEFAULT_PRIOR } from './language-prior.ts';
import { MODEL_FILE } from './model-loader.ts';
import { ModelScorer } from './model-scorer.ts';
import type { Ranking, ScriptScorer } from './ranking.ts';
import { rankLanguages } from './ranking.ts';
import { countScripts } from './unicode-script.ts';

export type { ScriptScorer } from './ranking.ts';

/** One detection: the best catalogue language and the runners-up. */
export interface Detection {
  /** Catalogue code, e.g. `eng_Latn`. */
  language: string;
  /** 0..1: how sure the detector is; low for short or ambiguous text. */
  confidence: number;
  /** The next most likely languages, best first, up to 4, never repeating `language`. */
  alternatives: { language: string; confidence: number }[];
}

export interface DetectorStatus {
  state: 'ready' | 'loading' | 'error';
  /** Which model answers, e.g. `franc-all`. */
  model?: string;
  detail?: string;
}

/** Why {@link Detector.detect} answered null, in the words the API answers with (a 422). */
export interface Undetected {
  code: 'NO_LETTERS' | 'UNSUPPORTED_SCRIPT';
  detail: string;
}

export const NO_LETTERS: Undetected = {
  code: 'NO_LETTERS',
  detail: 'Cannot detect a language: the text has no letters (only digits, symbols or emoji)',
};

export const UNSUPPORTED_SCRIPT: Undetected = {
  code: 'UNSUPPORTED_SCRIPT',
  detail: 'Cannot detect a language: no supported language is written in this script',
};

export interface Detector {
  /**
   * The language of `text`, or null when no catalogue language can be: the text has no letters
   * (digits, emoji, punctuation), or its letters are mostly of a script no catalogue language is
   * written in (Thaana, Cherokee, Syriac, ...).
   *
   * `among`: the languages a server reads, when it reads fewer than the catalogue. The answer and
   * its alternatives are then among them whenever the text's language or a close relative of it
   * (close-relatives.ts) is; only a text clearly in another language is answered with that
   * language, for the caller to refuse by name.
   */
  detect(text: string, among?: ReadonlySet<string> | null): Detection | null;
  /** For a text detect() answered null for: which of the two cases it is. */
  undetected(text: string): Undetected;
  status(): DetectorStatus;
}

const MAX_ALTERNATIVES = 4;

const round = (value: number) => Math.round(value * 1e4) / 1e4;

/** The answer of a ranking, its calibrated confidence and up to 4 alternatives. */
function detectionOf(ranking: Ranking, weights: ConfidenceWeights | undefined): Detection {
  const [best, bestProbability] = ranking.order[0]!;
  const confidence = topConfidence(ranking, weights);
  // Each alternative keeps its ratio to the answer from the ranking, best first, while the
  // confidences sum to at most 1: a runner-up the ranking has near the answer is reported near
  // it. When the calibration lowered the answer's confidence, every ratio fits; when it raised
  // it (short text, an unsure model), the runner-up keeps its ratio and the tail gets what is
  // left (scaling them all down alike reported a near tie as 0.64 against 0.23).
  let left = 1 - confidence;
  const alternatives = ranking.order.slice(1, 1 + MAX_ALTERNATIVES).map(([language, probability]) => {
    const share = Math.max(0, Math.min(confidence, (probability * confidence) / bestProbability, left));
    left -= share;
    return { language, confidence: round(share) };
  });
  return {
    language: best,
    confidence: round(confidence),
    alternatives: alternatives.filter((alternative) => alternative.confidence > 0),
  };
}

/**
 * The detection on a server that reads only `among`. The ranking is first made over the whole
 * catalogue, so that a text in a language the server does not read is recognised as such. If the
 * leader is read, or a close relative of it is (Kirundi text on a Kinyarwanda server, Kamba on a
 * Kikuyu one), the answer is taken from the ranking narrowed to the languages read, so that the
 * answer and the alternatives a person corrects it with are all languages the server reads. Its
 * confidence is the narrowed ranking's, kept under the close-relatives ceiling when the leader was
 * not read: the text may well be in the relative the server lacks. Otherwise the text is clearly
 * in a language the server cannot read (Spanish on an English and Kinyarwanda server): the answer
 * is that language, and the caller refuses it by name.
 */
function detectionAmong(
  ranking: Ranking,
  among: ReadonlySet<string>,
  weights: ConfidenceWeights | undefined,
): Detection {
  const [leader] = ranking.order[0]!;
  const read = ranking.order.filter(([language]) => among.has(language));
  const readsLeader = among.has(leader);
  if (!readsLeader && !read.some(([language]) => areCloseRelatives(language, leader)))
    return detectionOf(ranking, weights);
  // The leader's relative first when the leader is not read: a served language unrelated to the
  // text may outrank it on a few letters, but it is not what the text is.
  const relative = readsLeader ? undefined : read.find(([language]) => areCloseRelatives(language, leader));
  const order = relative ? [relative, ...read.filter((entry) => entry !== relative)] : read;
  const total = order.reduce((sum, [, probability]) => sum + probability, 0);
  const narrowed: Ranking = {
    ...ranking,
    order: order.map(([language, probability]) => [language, probability / total]),
  };
  const detection = detectionOf(narrowed, weights);
  if (readsLeader) return detection;
  const ceiling = round(relativesCeiling(ranking.letters));
  return detection.confidence <= ceiling ? detection : { ...detection, confidence: ceiling };
}
// Longer inputs add nothing to the decision but cost time.
const MAX_SAMPLE_CHARS = 2000;

export interface DetectorOptions {
  /**
   * Ranks languages within a shared script. Default: our n-gram model (loaded in the background;
   * a detection asked for earlier loads it at once), or franc-all if the model file cannot be read.
   */
  scorer?: ScriptScorer;
  /** Name reported by status() for a custom scorer. */
  model?: string;
  /** Where the n-gram model file is (tests point elsewhere to exercise failures). */
  modelFile?: URL;
  /** Confidence calibration for a custom scorer (the shipped model brings its own). */
  confidence?: ConfidenceWeights;
  /** The prior over languages (language-prior.ts); default: the model's fitted one. */
  prior?: PriorSettings;
}

export function createDetector(options: DetectorOptions = {}): Detector {
  let scorer: ScriptScorer;
  let status: () => DetectorStatus;
  let weights: () => ConfidenceWeights | undefined = () => options.confidence;
  let prior: () => PriorSettings = () => options.prior ?? DEFAULT_PRIOR;
  if (options.scorer) {
    scorer = options.scorer;
    const model = options.model ?? 'custom scorer + script rules';
    status = () => ({ state: 'ready', model });
  } else {
    const modelScorer = new ModelScorer(options.modelFile ?? MODEL_FILE);
    scorer = modelScorer.score;
    status = () => modelScorer.status();
    weights = () => options.confidence ?? modelScorer.confidenceWeights();
    prior = () => options.prior ?? modelScorer.priorSettings() ?? DEFAULT_PRIOR;
  }

  const sample = (input: string) =>
    input.length > MAX_SAMPLE_CHARS ? input.slice(0, MAX_SAMPLE_CHARS) : input;

  return {
    detect(input: string, among?: ReadonlySet<string> | null): Detection | null {
      const text = sample(input);
      const ranking = rankLanguages(text, scorer, prior());
      // No letters, or mostly letters of a script no catalogue language is written in: no answer
      // would be honest (a few Latin letters in Thaana text do not make it English).
      if (!ranking) return null;
      return among ? detectionAmong(ranking, among, weights()) : detectionOf(ranking, weights());
    },
    undetected(input: string): Undetected {
      for (const count of countScripts(sample(input)).values()) if (count > 0) return UNSUPPORTED_SCRIPT;
      return NO_LETTERS;
    },
    status,
  };
}
