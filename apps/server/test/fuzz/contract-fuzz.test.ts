import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFuzzServer, type FuzzServer } from './fuzz-server.ts';
import { closeConnections } from './http-client.ts';
import { runFuzz } from './run-fuzz.ts';

/** Cheap read-only operations get fewer cases than the ones that parse, translate and stream. */
const RUNS: Record<string, number> = {
  'POST /api/v1/translate': 500,
  'POST /api/v1/translate/batch': 300,
  'POST /api/v1/detect-language': 400,
  'POST /api/v1/chat': 400,
  // Many optional fields, each able to refuse: it needs more cases for some to be valid throughout.
  'POST /api/v1/chat/translated': 400,
  'POST /api/v1/translate/document': 300,
};

let server: FuzzServer;
beforeAll(async () => {
  server = await startFuzzServer();
});
afterAll(async () => {
  closeConnections();
  await server?.close();
});

describe('the API under generated requests from its own OpenAPI document', () => {
  it('answers every case with a documented status and body, stays up, and keeps its memory', async () => {
    const stats = await runFuzz(server, { seed: 20261124, runs: (operation) => RUNS[operation.id] ?? 150 });
    expect(stats.cases).toBeGreaterThan(2500);
    // Every operation really ran, and valid requests really succeeded somewhere; an operation on one
    // stored thing (`/glossaries/{id}`) gets made-up ids, so its answer is "not found".
    for (const [id, statuses] of Object.entries(stats.byOperation)) {
      const success = id.includes('{')
        ? '404'
        : Object.keys(statuses).find((status) => status.startsWith('2'));
      expect(
        statuses[success ?? '200'],
        `${id} never succeeded: ${JSON.stringify(statuses)}`,
      ).toBeGreaterThan(0);
    }
    // Generous: caches fill, code warms up, the PDF reader loads once (~240 MB), and the heap that
    // megabyte bodies grew is not handed back at once (a clean CI run measured 558 MB). A leak of a
    // few hundred kilobytes per request would still cross it; the soak checks flatness over time.
    expect(stats.rssAfter - stats.rssBefore).toBeLessThan(768 * 1024 * 1024);
  }, 240_000);
});
