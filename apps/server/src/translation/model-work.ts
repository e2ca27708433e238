import { AsyncLocalStorage } from 'node:async_hooks';

/** What one piece of work (a request) asked of the model. */
export interface ModelWork {
  /** Some sentence of it went to the model: not an echo (same language) and not found in a cache. */
  translated: boolean;
}

const current = new AsyncLocalStorage<ModelWork>();

/**
 * Runs `work`, and whatever it starts, with `record` as the note of whether it made the model
 * translate. /status counts only the response times of requests the model worked on: an echo or a
 * cache hit answers in a few milliseconds and would make the model look fast even while it is down.
 */
export function trackModelWork(record: ModelWork, work: () => void): void {
  current.run(record, work);
}

/** Called by the pipeline when it sends sentences to the model on behalf of the current work. */
export function noteModelTranslated(): void {
  const record = current.getStore();
  if (record) record.translated = true;
}
