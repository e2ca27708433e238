/**
 * How long to wait before trying again what failed `failures` times in a row (a model download or
 * load, a tokenizer fetch): 30 s, doubling, never more than 15 minutes. A hub outage or a missing
 * file is then retried soon after it is fixed without hammering what is down. The model process's
 * crash restarts use the same shape with their own numbers (0.5 s doubling up to 30 s).
 */
export const LOAD_RETRY_FIRST_MS = 30_000;
export const LOAD_RETRY_MAX_MS = 15 * 60_000;

export function backoffDelay(
  failures: number,
  firstMs: number = LOAD_RETRY_FIRST_MS,
  maxMs: number = LOAD_RETRY_MAX_MS,
): number {
  return Math.min(maxMs, firstMs * 2 ** failures);
}
