/**
 * A refusal for a monthly character budget: a request that cannot succeed by asking again this
 * month. It carries the figures so that each protocol can say so in its own way (OpenAI's
 * `insufficient_quota` with `x-should-retry: false`, DeepL's 456, LibreTranslate's 403) with one
 * truthful sentence: the limit, what is used, what is left, and what this request needs — a budget
 * with 20 of 40 characters left is not "reached", it is too small for a request of 36.
 */
import { ApiError } from './errors.ts';

export interface QuotaFigures {
  /** Whose budget: an API key's, or a web session's client address's. */
  whose: 'key' | 'address';
  limit: number;
  used: number;
  /** The characters this request would have cost. */
  needs: number;
}

export function quotaSentence({ whose, limit, used, needs }: QuotaFigures): string {
  const left = Math.max(0, limit - used);
  const budget =
    whose === 'key' ? "This key's monthly limit" : "This address's monthly limit on this server's web app";
  return `${budget} is ${limit} characters: ${used} used, ${left} left, and this request needs ${needs}`;
}

export class QuotaExceededError extends ApiError {
  override name = 'QuotaExceededError';
  constructor(readonly figures: QuotaFigures) {
    super(429, 'QUOTA_EXCEEDED', quotaSentence(figures));
  }
}
