/**
 * The bookkeeping of beam search for one source row, apart from the model: which candidates carry
 * on, which hypotheses are finished, and when the row is done. Pure, so its rules are tested on
 * hand-made numbers; `beam-decoder.ts` feeds it the model's log-probabilities.
 *
 * The rules are those of transformers' beam search with its defaults (`length_penalty=1.0`,
 * `early_stopping=False`):
 * - a hypothesis scores the sum of its tokens' log-probabilities divided by its length, the tokens
 *   the model chose (its content tokens, plus `</s>` when it has one);
 * - each step looks at the best 2 × beams candidates over all beams of the row; a `</s>` among the
 *   best `beams` of them finishes its hypothesis (further down it is ignored), other candidates
 *   carry on until `beams` of them do;
 * - the row keeps its best `beams` finished hypotheses and is done once it has that many and the
 *   best carrying-on hypothesis, scored as if it ended now, does not beat the worst of them. This is
 *   a heuristic, not a proof: a longer ending can still score higher. The exact rule (bound by the
 *   length cap) would run nearly every row to its cap, three times the source length.
 * Two rules are ours, the same as greedy decoding's: a hypothesis that reaches the row's
 * `maxNewTokens` is finished as it is, and one that ends in a repetition loop is finished with the
 * extra copies cut off (scored as it stood, copies included).
 */
import { loopCut } from './repetition-guard.ts';

export interface Hypothesis {
  /** Generated tokens, without the start, language and end tokens. */
  tokens: number[];
  /** Sum of the chosen tokens' log-probabilities divided by their count. */
  score: number;
}

export interface Beam {
  tokens: number[];
  /** Sum of the log-probabilities of `tokens`. */
  sum: number;
}

export interface Candidate {
  /** Index of the beam (in the row's current beams) it extends. */
  beam: number;
  token: number;
  /** The beam's sum plus the token's log-probability. */
  sum: number;
}

export interface RowSettings {
  beams: number;
  eos: number;
  maxNewTokens: number;
  guardLoops: boolean;
}

/** A beam for the next step, with the index of the beam it came from (its cache to carry on). */
export interface NextBeam extends Beam {
  from: number;
}

export class BeamRow {
  /** Best first; at most `beams`. */
  readonly finished: Hypothesis[] = [];
  /** The hypotheses carrying on; empty once the row is done. */
  running: Beam[] = [{ tokens: [], sum: 0 }];

  constructor(private readonly settings: RowSettings) {}

  get done(): boolean {
    return this.running.length === 0;
  }

  /**
   * Takes the best candidates of this step (best first, ties broken by beam then token, as
   * `compareCandidates` sorts them) and returns the beams for the next step.
   */
  advance(candidates: readonly Candidate[]): NextBeam[] {
    const { beams, eos, maxNewTokens, guardLoops } = this.settings;
    const next: NextBeam[] = [];
    for (let rank = 0; rank < candidates.length && rank < 2 * beams && next.length < beams; rank++) {
      const { beam, token, sum } = candidates[rank]!;
      const origin = this.running[beam]!;
      if (token === eos) {
        if (rank < beams) this.finish(origin.tokens, sum, origin.tokens.length + 1);
        continue;
      }
      const tokens = [...origin.tokens, token];
      const cut = guardLoops ? loopCut(tokens) : undefined;
      if (cut !== undefined) {
        this.finish(tokens.slice(0, cut), sum, tokens.length);
        continue;
      }
      next.push({ tokens, sum, from: beam });
    }
    // All beams of a row have the same length, so they reach the cap together.
    const capped = next.length > 0 && next[0]!.tokens.length >= maxNewTokens;
    if (capped) for (const beam of next) this.finish(beam.tokens, beam.sum, beam.tokens.length);
    if (capped || this.cannotImprove(next)) {
      this.running = [];
      return [];
    }
    this.running = next;
    return next;
  }

  /** The best finished hypothesis (an empty one if, against all odds, none finished). */
  best(): Hypothesis {
    return this.finished[0] ?? { tokens: [], score: -Infinity };
  }

  private cannotImprove(next: readonly Beam[]): boolean {
    if (next.length === 0) return true;
    if (this.finished.length < this.settings.beams) return false;
    const worst = this.finished[this.finished.length - 1]!.score;
    return next.every((beam) => beam.sum / beam.tokens.length <= worst);
  }

  private finish(tokens: number[], sum: number, length: number): void {
    const score = sum / Math.max(length, 1);
    const { finished } = this;
    if (finished.length === this.settings.beams && score <= finished[finished.length - 1]!.score) return;
    // After any equal scores: the earlier hypothesis stays ahead.
    let at = finished.length;
    while (at > 0 && finished[at - 1]!.score < score) at--;
    finished.splice(at, 0, { tokens, score });
    if (finished.length > this.settings.beams) finished.pop();
  }
}

/** Best first; on equal sums the lower beam, then the lower token, as a stable top-k would give. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  return b.sum - a.sum || a.beam - b.beam || a.token - b.token;
}

/**
 * The `count` highest logits at `offset` (suppressed tokens never), highest first, lower token
 * first on ties.
 */
export function topTokens(
  logits: Float32Array,
  offset: number,
  vocab: number,
  suppressed: Uint8Array,
  count: number,
): { tokens: number[]; values: number[] } {
  const tokens: number[] = [];
  const values: number[] = [];
  for (let token = 0; token < vocab; token++) {
    const value = logits[offset + token]!;
    if (suppressed[token] === 1) continue;
    if (values.length === count && value <= values[count - 1]!) continue;
    let at = values.length;
    while (at > 0 && values[at - 1]! < value) at--;
    values.splice(at, 0, value);
    tokens.splice(at, 0, token);
    if (values.length > count) {
      values.pop();
      tokens.pop();
    }
  }
  return { tokens, values };
}

/** log Σ exp(logit) over the tokens that may be generated: log-softmax is `logit − this`. */
export function logSumExp(
  logits: Float32Array,
  offset: number,
  vocab: number,
  suppressed: Uint8Array,
): number {
  let max = -Infinity;
  for (let token = 0; token < vocab; token++) {
    const value = logits[offset + token]!;
    if (value > max && suppressed[token] !== 1) max = value;
  }
  if (max === -Infinity) return max;
  let sum = 0;
  for (let token = 0; token < vocab; token++) {
    if (suppressed[token] !== 1) sum += Math.exp(logits[offset + token]! - max);
  }
  return max + Math.log(sum);
}
