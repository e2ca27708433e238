// The document worker's entry point. The server runs TypeScript through tsx, but a worker thread
// does not inherit the loader reliably (and vitest has none), so register tsx here, then load it.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
