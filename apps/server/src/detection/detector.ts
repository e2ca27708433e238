/**
 * Language detection over the catalogue's 202 languages. The script of the letters decides first
 * (one-language scripts answer alone); within a shared script a statistical scorer ranks the
 * candidates and letter rules split the pairs it cannot.
 */
import { countHanVariants } from './han-variants.ts';
import type { LanguageScores } from './language-scores.ts';
import { normalise, ranked } from './language-scores.ts';
import { applyLetterRules } from './letter-rules.ts';
import { francScores } from './franc-scorer.ts';
import { MODEL_FILE, loadModel, loadModelSync } from './model-loader.ts';
import type { NgramModel } from './ngram-model.ts';
import { APPROXIMATE_SCRIPTS, SHARED_SCRIPTS, SINGLE_LANGUAGE_SCRIPTS } from './script-languages.ts';
import type { Script } from './unicode-script.ts';
import { countScripts } from './unicode-script.ts';

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

export interface Detector {
  /** The language of `text`, or null when it has no letters at all (digits, emoji, punctuation). */
  detect(text: string): Detection | null;
  status(): DetectorStatus;
}

/** Ranks the candidates of a shared script; null when it knows none of them. */
export type ScriptScorer = (text: string, script: Script, candidates: readonly string[]) => LanguageScores | null;

const MAX_ALTERNATIVES = 4;
// Longer inputs add nothing to the decision but cost time.
const MAX_SAMPLE_CHARS = 2000;

/** Han, Hiragana and Katakana count together: Japanese mixes them. */
function dominantScript(counts: Map<Script, number>): Script | null {
  const kana = (counts.get('Hiragana') ?? 0) + (counts.get('Katakana') ?? 0);
  const han = counts.get('Han') ?? 0;
  let best: Script | null = null;
  let bestCount = 0;
  for (const [script, count] of counts) {
    const weight = script === 'Han' || script === 'Hiragana' || script === 'Katakana' ? han + kana : count;
    if (weight > bestCount) {
      best = script === 'Hiragana' || script === 'Katakana' ? 'Han' : script;
      bestCount = weight;
    }
  }
  if (best === 'Han' && kana > 0 && kana >= 0.05 * (han + kana)) return 'Hiragana';
  return best;
}

/** Simplified or Traditional Mandarin, or Cantonese, from the characters only one of them uses. */
function hanScores(text: string): LanguageScores {
  const { simplified, traditional, cantonese } = countHanVariants(text);
  const scores: LanguageScores = new Map();
  // Without distinctive characters Simplified is the likelier, being far more written.
  const traditionalOdds = Math.pow(8, traditional - simplified) * 0.3;
  const hans = 1 / (1 + traditionalOdds);
  const hant = 1 - hans;
  const yueShare = cantonese === 0 ? 0.05 : Math.min(0.97, 0.5 + 0.2 * cantonese);
  scores.set('cmn_Hans', hans * (1 - yueShare * 0.5));
  scores.set('cmn_Hant', hant * (1 - yueShare));
  scores.set('yue_Hant', hant * yueShare + hans * yueShare * 0.5);
  return normalise(scores);
}

// Candidates the scorer has no model for keep a small share, so that letter rules can still pick them.
const UNSCORED_SHARE = 1e-3;

/** Every candidate with a probability: the scorer's, or a small floor for those it does not know. */
function withFloor(candidates: readonly string[], scores: LanguageScores | null): LanguageScores {
  const floor = UNSCORED_SHARE / candidates.length;
  const result: LanguageScores = new Map();
  for (const code of candidates) result.set(code, scores ? (scores.get(code) ?? floor) : 1 / candidates.length);
  return normalise(result);
}

/**
 * Shrinks confidence for short texts: a few letters rarely prove a language, whatever the scorer
 * says. Half-way at 4 letters, ~0.9 at 30.
 */
function lengthFactor(letters: number): number {
  return letters / (letters + 3);
}

function scoresFor(script: Script, text: string, letters: number, scorer: ScriptScorer): LanguageScores {
  const single = SINGLE_LANGUAGE_SCRIPTS[script];
  if (single) return new Map([[single, 1]]);
  if (script === 'Han') return hanScores(text);
  const approximate = APPROXIMATE_SCRIPTS[script];
  if (approximate) {
    // The catalogue lacks the language in this script: the nearest one, never with high confidence.
    return new Map(approximate.map((code, index) => [code, index === 0 ? 0.6 : 0.4 / (approximate.length - 1)]));
  }
  const candidates = SHARED_SCRIPTS[script];
  if (!candidates) return new Map();
  return applyLetterRules(script, text, letters, withFloor(candidates, scorer(text, script, candidates)));
}

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
}

/** The n-gram model, loaded once per detector, with franc-all as the fallback if it cannot be. */
class ModelScorer {
  private model: NgramModel | null = null;
  private failure: string | null = null;

  constructor(private readonly file: URL) {
    loadModel(file).then(
      (model) => {
        this.model ??= model;
      },
      (error: unknown) => this.fail(error),
    );
  }

  private fail(error: unknown): void {
    if (this.model) return;
    this.failure = error instanceof Error ? error.message : String(error);
  }

  /** The model, loading it now if the background load has not finished; null if it cannot load. */
  private ensure(): NgramModel | null {
    if (!this.model && !this.failure) {
      try {
        this.model = loadModelSync(this.file);
      } catch (error) {
        this.fail(error);
      }
    }
    return this.model;
  }

  readonly score: ScriptScorer = (text, script, candidates) => {
    const model = this.ensure();
    return model ? model.probabilities(text, candidates) : francScores(text, script, candidates);
  };

  status(): DetectorStatus {
    if (this.failure) {
      return { state: 'error', model: 'franc-all + script rules (fallback)', detail: `n-gram model not loaded: ${this.failure}` };
    }
    if (!this.model) return { state: 'loading', model: MODEL_NAME };
    return { state: 'ready', model: MODEL_NAME };
  }
}

const MODEL_NAME = 'sema-ngram (character n-gram naive Bayes) + script rules';

export function createDetector(options: DetectorOptions = {}): Detector {
  let scorer: ScriptScorer;
  let status: () => DetectorStatus;
  if (options.scorer) {
    scorer = options.scorer;
    const model = options.model ?? 'custom scorer + script rules';
    status = () => ({ state: 'ready', model });
  } else {
    const modelScorer = new ModelScorer(options.modelFile ?? MODEL_FILE);
    scorer = modelScorer.score;
    status = () => modelScorer.status();
  }

  return {
    detect(input: string): Detection | null {
      const text = input.length > MAX_SAMPLE_CHARS ? input.slice(0, MAX_SAMPLE_CHARS) : input;
      const counts = countScripts(text);
      const script = dominantScript(counts);
      if (!script) return null;
      let letters = 0;
      for (const count of counts.values()) letters += count;
      const scores = scoresFor(script, text, counts.get(script) ?? 0, scorer);
      const order = ranked(scores);
      const best = order[0];
      // A script none of the catalogue's languages is written in (Thaana, Cherokee, ...): no answer
      // would be honest, and "no letters" is the closest thing the contract has.
      if (!best) return null;
      const shrink = lengthFactor(letters);
      const round = (value: number) => Math.round(value * shrink * 1e4) / 1e4;
      return {
        language: best[0],
        confidence: round(best[1]),
        alternatives: order
          .slice(1, 1 + MAX_ALTERNATIVES)
          .map(([language, probability]) => ({ language, confidence: round(probability) }))
          .filter((alternative) => alternative.confidence > 0),
      };
    },
    status,
  };
}
