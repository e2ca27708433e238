import fc from 'fast-check';
import type { FakeScenario } from '../fake-openai.ts';
import { bodyBytes, type FuzzRequest } from './fuzz-request.ts';
import type { FuzzServer } from './fuzz-server.ts';
import { Repeated, shortText } from './hostile-values.ts';
import { send } from './http-client.ts';
import { arbitraryFromSchema, type Hints } from './openapi-arbitraries.ts';
import { listOperations, resolveRef, type OpenApiDocument, type Operation } from './operations.ts';
import { requestArbitrary } from './request-arbitraries.ts';
import { createResponseChecker } from './response-contract.ts';

export interface FuzzOptions {
  seed: number;
  /** Cases per operation. */
  runs: (operation: Operation) => number;
  /** Only operations whose id contains this. */
  only?: string;
  /**
   * Keep going after a failing case and collect one example of each distinct problem (for surveys);
   * by default the first failure ends the run with fast-check's shrunk counterexample.
   */
  survey?: boolean;
  /** Called after each operation, e.g. to print progress. */
  onOperation?: (id: string, cases: number) => void;
}

export interface FuzzStats {
  seed: number;
  cases: number;
  byOperation: Record<string, Record<string, number>>;
  byStatus: Record<string, number>;
  byKind: Record<string, number>;
  /** Statuses of the valid (unmutated) cases per operation: how often a well-formed request succeeds. */
  validByOperation: Record<string, Record<string, number>>;
  durationMs: number;
  rssBefore: number;
  rssAfter: number;
  /** In a survey: one example per distinct problem, keyed by operation, status and problem. */
  problems: Record<string, { count: number; example: string }>;
}

interface Limits {
  max_text_chars: number;
  max_chat_input_chars?: number;
}

async function getJson<T>(server: FuzzServer, url: string): Promise<T> {
  const response = await send(server.base, { kind: 'setup', method: 'GET', url, headers: {} });
  return JSON.parse(response.body.toString('utf8')) as T;
}

/** A stored glossary made before the run, so that glossary ids in requests can name a real one. */
async function makeGlossary(server: FuzzServer): Promise<string> {
  const response = await send(server.base, {
    kind: 'setup',
    method: 'POST',
    url: '/api/v1/glossaries',
    headers: {},
    contentType: 'application/json',
    body: {
      type: 'json',
      value: {
        name: 'Fuzz',
        source_language: 'eng_Latn',
        target_language: 'swh_Latn',
        entries: { word: 'neno' },
      },
    },
  });
  return (JSON.parse(response.body.toString('utf8')) as { id: string }).id;
}

/** Values that mean something to this API, from its live catalogue and limits. */
function apiHints(codes: string[], regions: string[], limits: Limits, glossaryId: string): Hints {
  const languageCode = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...codes) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('auto', 'zho_Hans', 'arb_Arab', 'fas_Arab', 'msa_Latn', 'ori_Orya'),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'xxx_Latn',
        'eng_latn',
        'ENG_LATN',
        'en',
        'eng',
        'eng_Latn ',
        'eng_Zzzz',
        '',
        'auto_Latn',
        '__proto__',
        'constructor',
      ),
    },
  );
  const limitText = (max: number) =>
    fc.constantFrom(new Repeated('word ', Math.floor(max / 5)), new Repeated('x', max + 1));
  // Word-like text in many scripts mostly, and any code points (lone surrogates too) now and then.
  const anyText = fc.oneof(
    { weight: 6, arbitrary: shortText(8) },
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc.string({ unit: 'binary', maxLength: 60 }),
  );
  const hints: Record<string, fc.Arbitrary<unknown>> = {
    source_language: languageCode,
    target_language: languageCode,
    code: languageCode,
    region: fc.oneof(
      fc.constantFrom(...regions),
      fc.constantFrom(...regions.map((r) => r.toLowerCase())),
      fc.constantFrom('Atlantis', '', 'africa ', 'constructor'),
    ),
    q: fc.oneof(
      shortText(2),
      fc.constantFrom(...codes.map((code) => code.slice(0, 3))),
      fc.constantFrom('', 'a', 'sw', 'ÉNG'),
    ),
    text: fc.oneof({ weight: 12, arbitrary: anyText }, limitText(limits.max_text_chars)),
    'texts[]': anyText,
    // Mostly a few texts, sometimes around the server's batch limit (50 by default) on either side.
    texts: fc.oneof(
      { weight: 6, arbitrary: fc.array(anyText, { minLength: 0, maxLength: 4 }) },
      fc.array(shortText(12), { minLength: 40, maxLength: 60 }),
    ),
    content: fc.oneof({ weight: 20, arbitrary: anyText }, limitText(limits.max_chat_input_chars ?? 32_000)),
    // A real glossary mostly (its pair may not be the request's), a made-up id sometimes.
    glossary_id: fc.oneof({ weight: 4, arbitrary: fc.constant(glossaryId) }, fc.uuid(), anyText),
    id: fc.oneof(
      { weight: 4, arbitrary: fc.constant(glossaryId) },
      fc.uuid(),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
    ),
    name: fc.oneof({ weight: 4, arbitrary: shortText(3) }, anyText),
    entries: fc.oneof(
      { weight: 3, arbitrary: fc.dictionary(shortText(2), shortText(2), { minKeys: 1, maxKeys: 4 }) },
      {
        weight: 2,
        arbitrary: fc
          .array(fc.tuple(shortText(2), shortText(2)), { minLength: 1, maxLength: 4 })
          .map((rows) => rows.map((row) => row.join('\t')).join('\n')),
      },
      anyText,
      fc.dictionary(anyText, fc.jsonValue({ maxDepth: 1 })),
    ),
  };
  return (name) => hints[name];
}

/** What the fake upstream does for a chat case: answer (hostile text too), fail, or break the protocol. */
const upstreamScenario: fc.Arbitrary<FakeScenario> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      content: shortText(10),
      reasoning: fc.option(shortText(4), { nil: undefined }),
    }),
  },
  fc.constantFrom<FakeScenario>(
    { kind: 'status', status: 401, body: { error: 'bad key' } },
    { kind: 'status', status: 429, body: { error: 'slow down' }, headers: { 'retry-after': '3' } },
    { kind: 'status', status: 500, body: 'upstream broke' },
    { kind: 'status', status: 503, body: { error: { message: 'loading' } } },
    { kind: 'json', body: {} },
    { kind: 'json', body: { choices: [] } },
    { kind: 'mid-stream-error', before: 'Half an', error: { message: 'boom' } },
  ),
);

async function describeCase(
  request: FuzzRequest,
  status: number,
  body: Buffer,
  problem: string,
): Promise<string> {
  const sent = (await bodyBytes(request.body))?.toString('utf8') ?? '';
  return [
    problem,
    `request (${request.kind}): ${request.method} ${request.url.slice(0, 300)}`,
    `  content-type: ${request.contentType === null ? '(none)' : (request.contentType ?? '(none)')} headers: ${JSON.stringify(request.headers)}`,
    `  body (${sent.length} chars): ${JSON.stringify(sent.slice(0, 400))}`,
    `response ${status}: ${JSON.stringify(body.toString('utf8').slice(0, 600))}`,
  ].join('\n');
}

const count = (table: Record<string, number>, key: string) => (table[key] = (table[key] ?? 0) + 1);

/**
 * Drives every operation of the server's own OpenAPI document with generated requests, valid and
 * hostile, checking each response against the document, and the server's health after each
 * operation. Throws fast-check's report (seed, path, the shrunk case) on the first failure.
 */
export async function runFuzz(server: FuzzServer, options: FuzzOptions): Promise<FuzzStats> {
  const startedAt = performance.now();
  const document = await getJson<OpenApiDocument>(server, '/api/v1/openapi.json');
  const catalogue = await getJson<{ languages: Record<string, { region: string }> }>(
    server,
    '/api/v1/languages',
  );
  const status = await getJson<{ limits: Limits }>(server, '/status');
  const codes = Object.keys(catalogue.languages);
  const regions = [...new Set(Object.values(catalogue.languages).map((language) => language.region))];
  const hints = apiHints(codes, regions, status.limits, await makeGlossary(server));
  const context = {
    resolve: (ref: string) => resolveRef(document, ref),
    hints,
    defaultMaxItems: 4,
    defaultMaxLength: 24,
  };
  const check = createResponseChecker(document);
  const stats: FuzzStats = {
    seed: options.seed,
    cases: 0,
    byOperation: {},
    byStatus: {},
    byKind: {},
    validByOperation: {},
    durationMs: 0,
    rssBefore: server.rss(),
    rssAfter: 0,
    problems: {},
  };
  const codeArbitrary = arbitraryFromSchema({ type: 'string' }, context, 'target_language');

  for (const operation of listOperations(document)) {
    if (options.only && !operation.id.includes(options.only)) continue;
    const isChat = operation.id === 'POST /api/v1/chat';
    const cases = fc.tuple(
      requestArbitrary(operation, context, codeArbitrary),
      isChat ? upstreamScenario : fc.constant(undefined),
    );
    const table = (stats.byOperation[operation.id] ??= {});
    await fc.assert(
      fc.asyncProperty(cases, async ([request, scenario]) => {
        if (scenario) {
          server.upstream.reset();
          server.upstream.enqueue(scenario);
        }
        const response = await send(server.base, request);
        stats.cases++;
        count(table, String(response.status));
        count(stats.byStatus, String(response.status));
        count(stats.byKind, request.kind);
        if (request.kind === 'valid')
          count((stats.validByOperation[operation.id] ??= {}), String(response.status));
        const problem = check(operation, response, scenario !== undefined && scenario.kind !== 'answer');
        if (!problem) return;
        const report = await describeCase(request, response.status, response.body, problem);
        if (!options.survey) throw new Error(report);
        const key = `${operation.id} ${response.status} (${request.kind}) ${problem.replace(/:.*/s, '')}`;
        (stats.problems[key] ??= { count: 0, example: report }).count++;
      }),
      { seed: options.seed, numRuns: options.runs(operation) },
    );
    await server.assertHealthy();
    options.onOperation?.(
      operation.id,
      Object.values(table).reduce((a, b) => a + b, 0),
    );
  }
  stats.rssAfter = server.rss();
  stats.durationMs = performance.now() - startedAt;
  return stats;
}
