/**
 * The shipped n-gram model as a detector's scorer: loaded once in the background; a detection asked
 * for before that loads it at once. If the file cannot be read, franc-all takes over and status()
 * says why.
 */
import type { ConfidenceWeights } from './confidence.ts';
import type { PriorSettings } from './language-prior.ts';
import { francScores } from './franc-scorer.ts';
import { loadModel, loadModelSync } from './model-loader.ts';
import type { NgramModel } from './ngram-model.ts';
import type { ScriptScorer } from './ranking.ts';

export const MODEL_NAME = 'sema-ngram (character n-gram naive Bayes) + script rules';
export const FALLBACK_NAME = 'franc-all + script rules (fallback)';

export interface ScorerStatus {
  state: 'ready' | 'loading' | 'error';
  model: string;
  detail?: string;
}

export class ModelScorer {
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

  /** The model's fitted confidence weights, if it is loaded and has them. */
  confidenceWeights(): ConfidenceWeights | undefined {
    return this.ensure()?.header.confidence;
  }

  /** The model's fitted prior settings, if it is loaded and has them. */
  priorSettings(): PriorSettings | undefined {
    return this.ensure()?.header.prior;
  }

  status(): ScorerStatus {
    if (this.failure)
      return { state: 'error', model: FALLBACK_NAME, detail: `n-gram model not loaded: ${this.failure}` };
    return { state: this.model ? 'ready' : 'loading', model: MODEL_NAME };
  }
}
