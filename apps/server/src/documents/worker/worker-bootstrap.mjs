// The document worker's entry point. From the TypeScript sources (tests, tsx) a worker thread does
// not inherit the loader reliably (and vitest has none), so tsx is registered here first; from the
// compiled server (scripts/build-server.mjs) the entry is JavaScript and needs no loader.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
