import type { StatusResponse } from '@sema/shared/api/schemas';

import { apiRequest, noteApiKeysRequired } from '@/lib/api-client';
import { defineQuery, useCachedQuery, type QueryCache } from '@/lib/query-cache';

/** While a model is still loading, the status is polled this often to show its progress. */
export const STATUS_POLL_MS = 3000;
/** A failed model is tried again by the server; the page looks this long after each attempt… */
const AFTER_ATTEMPT_MS = 2000;
/** …but never waits longer than this, nor asks more often than STATUS_POLL_MS. */
const MAX_RETRY_POLL_MS = 60_000;

/**
 * When to ask for the status again, or false for not until something fails: soon while a model
 * loads, and just after the server's next attempt while one has failed, so the notice goes away
 * by itself once the model is back. Times are measured on the server's clock (its `timestamp`),
 * so a phone whose clock is off does not poll too often.
 */
export function nextStatusPoll(
  status: StatusResponse | undefined,
  fetchedAt: number,
  now = Date.now(),
): number | false {
  if (!status) return false;
  const engines = Object.values(status.engines);
  if (engines.some((engine) => engine.state === 'loading')) return STATUS_POLL_MS;
  const serverNow = Date.parse(status.timestamp) + (now - fetchedAt);
  const attempts = engines
    .filter((engine) => engine.state === 'error' && engine.next_attempt_at)
    .map((engine) => Date.parse(engine.next_attempt_at!))
    .filter(Number.isFinite);
  if (attempts.length === 0 || !Number.isFinite(serverNow)) return false;
  const wait = Math.min(...attempts) + AFTER_ATTEMPT_MS - serverNow;
  return Math.min(MAX_RETRY_POLL_MS, Math.max(STATUS_POLL_MS, wait));
}

/** GET /api/v1/status; tells the request layer whether the server wants API keys. */
async function getStatus(signal: AbortSignal): Promise<StatusResponse> {
  const status = await apiRequest<StatusResponse>('/status', { signal });
  if (status.api_key_required !== undefined) noteApiKeysRequired(status.api_key_required);
  return status;
}

/**
 * The server's status, in memory for five minutes; while a model loads (or waits for its next
 * attempt) it is polled, so the page follows the download and sees the model come back.
 */
export const statusQuery = defineQuery({
  key: ['status'],
  fetch: ({ signal }) => getStatus(signal),
  freshFor: 5 * 60_000,
  poll: (state) => nextStatusPoll(state.data, state.dataUpdatedAt),
});

export function useStatus() {
  return useCachedQuery(statusQuery);
}

/** Asks the server again: a failed request may mean an engine changed state. */
export function refreshStatus(cache: QueryCache): Promise<void> {
  return cache.invalidate(statusQuery.key);
}
