/**
 * Runs the fake OpenAI-compatible upstream as its own process, for tests that cannot import it (the
 * browser e2e): prints `{"baseUrl": …}` on one line, then serves until SIGTERM. Scripted over HTTP:
 * POST /__fake/enqueue {scenarios}, POST /__fake/default {scenario}, POST /__fake/reset,
 * GET /__fake/requests, GET /__fake/disconnects.
 *   node --import tsx apps/server/test/fake-openai-server.ts [--api-key KEY]
 */
import { startFakeOpenAi } from './fake-openai.ts';

const keyIndex = process.argv.indexOf('--api-key');
const fake = await startFakeOpenAi({ apiKey: keyIndex > 0 ? process.argv[keyIndex + 1] : undefined });
console.log(JSON.stringify({ baseUrl: fake.baseUrl }));
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
