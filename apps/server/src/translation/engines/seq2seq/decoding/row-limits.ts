/**
 * How far each row of a job may run and whether it may stop by itself: the translation's rules
 * (`TRANSLATION_LIMITS`), or a benchmark's forced lengths (`forcedLength`), chosen once at load so
 * that neither the job's preparation nor the loop has a bench-only branch.
 */
import { hasLoop } from './repetition-guard.ts';

/** The decoder's positions end at 1024 (NLLB's `max_position_embeddings`). */
const MAX_NEW_TOKENS = 1000;

/** Output budget per source token count: generous for scripts that need more tokens, still bounded. */
export function maxNewTokensFor(sourceTokens: number): number {
  return Math.min(MAX_NEW_TOKENS, 3 * sourceTokens + 16);
}

export interface RowLimits {
  /** The most tokens a row may generate from a piece of source tokens. */
  maxNewTokens(piece: readonly number[]): number;
  /** Whether to stop the row when a repetition loop forms. */
  guardLoops(piece: readonly number[]): boolean;
  /** Whether `</s>` may be generated (a row stops by itself). */
  mayEnd: boolean;
}

export const TRANSLATION_LIMITS: RowLimits = {
  maxNewTokens: (piece) => maxNewTokensFor(piece.length),
  // A source that loops itself may be translated looping: its rows are not stopped for it.
  guardLoops: (piece) => !hasLoop(piece),
  mayEnd: true,
};

/**
 * Benchmarks only (`forceLengthRatio`): every row generates exactly round(ratio × its source tokens)
 * tokens (at least 1), `</s>` is never chosen and the loop guard is off, so a random-weight model
 * costs per sentence what a real one does. Never set in the server. (It reaches the model process
 * through its settings, so it cannot live in a testing/ folder, which server code may not import.)
 */
export function forcedLength(ratio: number): RowLimits {
  return {
    maxNewTokens: (piece) => Math.max(1, Math.round(ratio * piece.length)),
    guardLoops: () => false,
    mayEnd: false,
  };
}
