// Issue 5's benchmark: what Sema's chat endpoint adds on top of the upstream it forwards to. The same
// streamed answers (OpenAI protocol, from the fake upstream) are read straight from the upstream and
// through POST /api/v1/chat (reasoning split, SSE re-encoding), side by side in one run.
import { fmt, root, startSema, table } from './lib.mjs';

const SEQUENTIAL = Number(process.env.BENCH_CHAT_REQUESTS ?? 200);
const CONCURRENT = Number(process.env.BENCH_CHAT_CONCURRENCY ?? 20);
const ANSWER = `${'Step one is to wash the rice. '.repeat(10)}Then cook it.`;
const REASONING = 'The user wants to cook rice, so I list the steps. '.repeat(4);

/** Streams one answer; returns ms to the first answer text and to the end. */
async function timeStream(url, body) {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  if (!response.body) throw new Error(`${url}: no body`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let first;
  let seen = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (first === undefined) {
      seen += decoder.decode(value, { stream: true });
      if (/"content":"[^"]|"type":"content"/.test(seen)) first = performance.now() - started;
    }
  }
  return { first: first ?? Number.NaN, total: performance.now() - started };
}

async function sequential(url, body) {
  const runs = [];
  for (let i = 0; i < SEQUENTIAL; i++) runs.push(await timeStream(url, body));
  const mean = (key) => runs.reduce((sum, run) => sum + run[key], 0) / runs.length;
  return { first: mean('first'), total: mean('total') };
}

async function concurrent(url, body) {
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      for (let i = 0; i < SEQUENTIAL / CONCURRENT; i++) {
        await timeStream(url, body);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

export async function run() {
  const { startFakeOpenAi } = await import(`${root}/apps/server/test/fake-openai.ts`);
  const fake = await startFakeOpenAi({ apiKey: 'bench-key' });
  fake.setDefault({ kind: 'answer', content: ANSWER, reasoning: REASONING, tokens: 120 });
  const sema = await startSema({
    SEMA_NLLB_MODEL: '/nonexistent-model-for-bench',
    SEMA_CHAT_BASE_URL: fake.baseUrl,
    SEMA_CHAT_API_KEY: 'bench-key',
    SEMA_CHAT_MODEL: 'bench/model',
    SEMA_RATE_LIMIT: 'off',
    // The bench is one client opening many streams at once: lift the per-client cap for it.
    SEMA_MAX_CHATS_PER_CLIENT: String(CONCURRENT),
  });
  const messages = [{ role: 'user', content: 'How do I cook rice?' }];
  const direct = {
    url: `${fake.baseUrl}/chat/completions`,
    body: JSON.stringify({ model: 'bench/model', messages, stream: true }),
  };
  const viaSema = { url: `${sema.url}/api/v1/chat`, body: JSON.stringify({ messages, stream: true }) };
  // The fake checks the key; the direct reads send it too.
  const directFetch = globalThis.fetch;
  globalThis.fetch = (url, init = {}) =>
    directFetch(
      url,
      url === direct.url
        ? { ...init, headers: { ...init.headers, Authorization: 'Bearer bench-key' } }
        : init,
    );
  try {
    await sequential(direct.url, direct.body); // warm-up both paths
    await sequential(viaSema.url, viaSema.body);
    const directSeq = await sequential(direct.url, direct.body);
    const semaSeq = await sequential(viaSema.url, viaSema.body);
    const directRate = await concurrent(direct.url, direct.body);
    const semaRate = await concurrent(viaSema.url, viaSema.body);
    const chunks = ANSWER.split(' ').length + REASONING.split(' ').length;
    console.log(
      `\nChat streaming, ~${chunks} SSE chunks per answer (reasoning in reasoning_content), ${SEQUENTIAL} answers per row`,
    );
    console.log(
      table([
        ['measure', 'upstream direct', 'through Sema', 'ratio'],
        [
          'time to first answer text (mean)',
          `${fmt(directSeq.first, 2)} ms`,
          `${fmt(semaSeq.first, 2)} ms`,
          fmt(semaSeq.first / directSeq.first, 2),
        ],
        [
          'whole answer (mean)',
          `${fmt(directSeq.total, 2)} ms`,
          `${fmt(semaSeq.total, 2)} ms`,
          fmt(semaSeq.total / directSeq.total, 2),
        ],
        [`answers/s, ${CONCURRENT} at once`, fmt(directRate), fmt(semaRate), fmt(semaRate / directRate, 2)],
      ]),
    );
  } finally {
    globalThis.fetch = directFetch;
    await sema.stop();
    await fake.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
