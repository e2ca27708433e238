/**
 * The long fuzz run: every operation of the OpenAPI document, many more cases than `npm test`, a
 * random seed (printed, with the command that replays it).
 *   npm run fuzz -- [--seed N] [--runs N] [--only 'POST /api/v1/chat'] [--survey]
 * --survey keeps going after a failure and prints one example of each distinct problem.
 */
import { parseArgs } from 'node:util';
import { startFuzzServer } from '../test/fuzz/fuzz-server.ts';
import { closeConnections } from '../test/fuzz/http-client.ts';
import { runFuzz } from '../test/fuzz/run-fuzz.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    runs: { type: 'string', default: '2000' },
    only: { type: 'string' },
    survey: { type: 'boolean', default: false },
  },
});
const seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const runs = Number(values.runs);
const replay = `npm run fuzz -- --seed ${seed} --runs ${runs}${values.only ? ` --only '${values.only}'` : ''}`;
console.log(`fuzz: seed ${seed}, ${runs} cases per operation\nreplay: ${replay}`);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const server = await startFuzzServer();
let failed = false;
try {
  const stats = await runFuzz(server, {
    seed,
    runs: () => runs,
    only: values.only,
    survey: values.survey,
    onOperation: (id, cases) => console.log(`  ${id}: ${cases} cases, memory now ${mb(server.rss())}`),
  });
  console.log(`\n${stats.cases} cases in ${(stats.durationMs / 1000).toFixed(1)} s, seed ${seed}`);
  console.log('by operation and status:');
  for (const [id, statuses] of Object.entries(stats.byOperation))
    console.log(`  ${id.padEnd(42)} ${JSON.stringify(statuses)}`);
  console.log('valid (unmutated) cases by operation and status:');
  for (const [id, statuses] of Object.entries(stats.validByOperation))
    console.log(`  ${id.padEnd(42)} ${JSON.stringify(statuses)}`);
  console.log(`by status: ${JSON.stringify(stats.byStatus)}`);
  console.log(`by kind of case: ${JSON.stringify(stats.byKind)}`);
  console.log(`server + model process memory: ${mb(stats.rssBefore)} before, ${mb(stats.rssAfter)} after`);
  for (const [key, { count, example }] of Object.entries(stats.problems)) {
    failed = true;
    console.log(`\nPROBLEM ×${count}: ${key}\n${example}`);
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
  // fast-check keeps the case's own report (request, response, what is wrong) as the cause.
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) console.error(`\n${cause.message}`);
  console.error(`\nreplay: ${replay}`);
} finally {
  closeConnections();
  await server.close();
}
process.exit(failed ? 1 : 0);
