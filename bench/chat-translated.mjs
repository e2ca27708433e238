// Issue 27's benchmark: chat in the user's language as one server-side turn, against the pipeline
// the web app ran in the browser before (detect, translate the question, stream the English answer,
// translate each finished unit with its own request), side by side in one run, on a fast network
// and on a simulated phone network (a fixed round trip added to every request). Also: how long a
// finished English unit waits for its translation inside Sema, and what the translated mode adds
// to the first English text against calling the upstream directly.
// Tiny translation model, fake OpenAI-compatible upstream writing at a steady pace; loopback.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { StreamingTranslator } from '../packages/shared/src/chat/streaming-translator.ts';
import { fmt, root, startSema, table } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 7);
const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 300);
const SWAHILI =
  'Watu wote wamezaliwa huru, hadhi na haki zao ni sawa. Wote wamejaliwa akili na dhamiri, hivyo yapasa watendeane kindugu.';
const ANSWER = [
  'Rice is easy to cook. Wash it first.',
  '',
  '- Boil two cups of water.',
  '- Add one cup of rice and a pinch of salt.',
  '',
  'Cover the pot and wait twenty minutes. Then serve it warm.',
].join('\n');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A response body whose every chunk is handed over `delay` ms after it arrived: a one-way trip of
 * the network. Chunks are taken off the socket as they come, so delays do not add up.
 */
function delayedBody(body, delay) {
  /** @type {Array<{ chunk: Uint8Array, due: number }>} */
  const queue = [];
  let done = false;
  /** @type {(() => void) | undefined} */
  let wake;
  void (async () => {
    for await (const chunk of body) {
      queue.push({ chunk, due: performance.now() + delay });
      wake?.();
    }
    done = true;
    wake?.();
  })();
  return (async function* () {
    for (;;) {
      if (queue.length > 0) {
        const { chunk, due } = /** @type {{ chunk: Uint8Array, due: number }} */ (queue.shift());
        if (due > performance.now()) await sleep(due - performance.now());
        yield chunk;
        continue;
      }
      if (done) return;
      await new Promise((resolve) => (wake = () => resolve(undefined)));
      wake = undefined;
    }
  })();
}

/** fetch over a network with round trip `rtt`: the request and every byte of the answer take rtt/2. */
function networkWith(rtt) {
  let requests = 0;
  const fetchOver = async (url, init) => {
    requests++;
    await sleep(rtt / 2);
    const response = await fetch(url, init);
    const body = delayedBody(response.body, rtt / 2);
    await sleep(rtt / 2);
    return {
      body,
      json: async () => {
        let text = '';
        const decoder = new TextDecoder();
        for await (const chunk of body) text += decoder.decode(chunk, { stream: true });
        return JSON.parse(text);
      },
    };
  };
  return { fetch: fetchOver, requests: () => requests };
}

async function* events(response) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (data) yield JSON.parse(data);
    }
  }
}

const post = (net, url, body, accept = 'application/json') =>
  net.fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: accept },
    body: JSON.stringify(body),
  });

/** The browser-side pipeline of before: four kinds of request, one per finished unit. */
async function oldTurn(sema, net) {
  const started = performance.now();
  let firstText;
  const detected = await (await post(net, `${sema}/api/v1/detect-language`, { text: SWAHILI })).json();
  const language = detected.detected_language;
  const translate = async (text, source, target) =>
    (
      await (
        await post(net, `${sema}/api/v1/translate`, {
          text,
          source_language: source,
          target_language: target,
        })
      ).json()
    ).translated_text;
  const question = await translate(SWAHILI, language, 'eng_Latn');
  const translator = new StreamingTranslator(
    (piece) => translate(piece, 'eng_Latn', language),
    () => (firstText ??= performance.now() - started),
  );
  const response = await post(
    net,
    `${sema}/api/v1/chat`,
    { messages: [{ role: 'user', content: question }], stream: true },
    'text/event-stream',
  );
  for await (const event of events(response)) if (event.type === 'content') translator.push(event.text);
  await translator.finish();
  return { first: firstText, total: performance.now() - started };
}

/** One request: the server does all of it. */
async function newTurn(sema, net) {
  const started = performance.now();
  let firstText;
  let units = [];
  const response = await post(
    net,
    `${sema}/api/v1/chat/translated`,
    { messages: [{ role: 'user', content: SWAHILI }], stream: true },
    'text/event-stream',
  );
  for await (const event of events(response)) {
    if (event.type === 'translation') firstText ??= performance.now() - started;
    if (event.type === 'done') units = event.timings.units ?? [];
    if (event.type === 'error') throw new Error(event.detail);
  }
  return { first: firstText, total: performance.now() - started, units };
}

/** ms to the first English text: the upstream directly, or through the translated turn. */
async function firstEnglish(url, body, kind) {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer bench-key' },
    body: JSON.stringify(body),
  });
  for await (const event of events(response)) {
    const text =
      kind === 'upstream' ? event.choices?.[0]?.delta?.content : event.type === 'english' && event.text;
    if (text) {
      const ms = performance.now() - started;
      await response.body?.cancel().catch(() => {});
      return ms;
    }
  }
  throw new Error(`${url}: no text`);
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), min: sorted[0], max: sorted.at(-1) };
}

const spread = (values, digits = 0) => {
  const s = stats(values);
  return `${fmt(s.median, digits)} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;
};

export async function run() {
  const { startFakeOpenAi } = await import(`${root}/apps/server/test/fake-openai.ts`);
  const fake = await startFakeOpenAi({ apiKey: 'bench-key' });
  // About 20 words a second, as a small hosted model writes to one user.
  fake.setDefault({ kind: 'answer', content: ANSWER, tokens: 60, delayMs: 50 });
  const sema = await startSema({
    SEMA_NLLB_MODEL: `${root}/apps/server/test/fixtures/tiny-nllb`,
    SEMA_CHAT_BASE_URL: fake.baseUrl,
    SEMA_CHAT_API_KEY: 'bench-key',
    SEMA_CHAT_MODEL: 'bench/model',
    SEMA_RATE_LIMIT: 'off',
    // Every round translates for real.
    SEMA_TRANSLATION_CACHE_SIZE: '0',
  });
  try {
    const load = os.loadavg()[0];
    /** @type {Record<'old' | 'new', Map<number, Array<{ first?: number, total: number }>>>} */
    const rows = {
      old: new Map([
        [0, []],
        [RTT_MS, []],
      ]),
      new: new Map([
        [0, []],
        [RTT_MS, []],
      ]),
    };
    const runs = (/** @type {'old' | 'new'} */ who, /** @type {number} */ rtt) =>
      /** @type {Array<{ first?: number, total: number }>} */ (rows[who].get(rtt));
    const requests = { old: 0, new: 0 };
    /** @type {number[]} */
    const unitDelays = [];
    await oldTurn(sema.url, networkWith(0)); // warm-up both paths
    await newTurn(sema.url, networkWith(0));
    // Taking turns, so both see the same machine load.
    for (let round = 0; round < ROUNDS; round++) {
      for (const rtt of [0, RTT_MS]) {
        const oldNet = networkWith(rtt);
        runs('old', rtt).push(await oldTurn(sema.url, oldNet));
        requests.old = oldNet.requests();
        const newNet = networkWith(rtt);
        const turn = await newTurn(sema.url, newNet);
        runs('new', rtt).push(turn);
        requests.new = newNet.requests();
        unitDelays.push(...turn.units);
      }
    }
    // The reasoning splitter holds an answer's first characters until it knows they open no <think>
    // (7 characters): an answer whose first word is longer shows what the pipeline itself adds.
    fake.setDefault({ kind: 'answer', content: `Certainly: ${ANSWER}`, tokens: 60, delayMs: 50 });
    const upstream = [];
    const through = [];
    const english = {
      messages: [{ role: 'user', content: 'How do I cook rice for my family tonight?' }],
      stream: true,
    };
    for (let round = 0; round < ROUNDS; round++) {
      upstream.push(
        await firstEnglish(
          `${fake.baseUrl}/chat/completions`,
          { model: 'bench/model', ...english },
          'upstream',
        ),
      );
      through.push(await firstEnglish(`${sema.url}/api/v1/chat/translated`, english, 'sema'));
    }

    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    console.log(
      `\nChat in Swahili, one turn (${ANSWER.split(/[.!?]\s/).length}-sentence answer at ~20 words/s), ${ROUNDS} rounds each, taking turns; median (min–max) ms; load ${fmt(load, 1)}, commit ${commit}`,
    );
    const of = (list, key) => list.map((turn) => turn[key]);
    console.log(
      table([
        ['measure', 'browser pipeline (before)', 'one request (now)', 'now / before'],
        ['requests per turn', String(requests.old), String(requests.new), ''],
        ...[0, RTT_MS].flatMap((rtt) => [
          [
            `first translated text, ${rtt} ms round trip`,
            spread(of(runs('old', rtt), 'first')),
            spread(of(runs('new', rtt), 'first')),
            fmt(stats(of(runs('new', rtt), 'first')).median / stats(of(runs('old', rtt), 'first')).median, 2),
          ],
          [
            `whole translated answer, ${rtt} ms round trip`,
            spread(of(runs('old', rtt), 'total')),
            spread(of(runs('new', rtt), 'total')),
            fmt(stats(of(runs('new', rtt), 'total')).median / stats(of(runs('old', rtt), 'total')).median, 2),
          ],
        ]),
      ]),
    );
    const slow = (who) =>
      stats(of(runs(who, RTT_MS), 'total')).median - stats(of(runs(who, 0), 'total')).median;
    console.log(
      `Extra time of a whole turn over a ${RTT_MS} ms round trip: before ${fmt(slow('old'))} ms (${fmt(slow('old') / RTT_MS, 1)} round trips), now ${fmt(slow('new'))} ms (${fmt(slow('new') / RTT_MS, 1)} round trips)`,
    );
    const delays = stats(unitDelays);
    console.log(
      `A finished English unit to its translation leaving Sema (${unitDelays.length} units): median ${fmt(delays.median, 1)} ms, p95 ${fmt(delays.p95, 1)} ms, max ${fmt(delays.max, 1)} ms`,
    );
    const extra = stats(through).median - stats(upstream).median;
    console.log(
      `First English text of an English message: upstream directly ${spread(upstream, 2)} ms, through /api/v1/chat/translated ${spread(through, 2)} ms: +${fmt(extra, 2)} ms`,
    );
  } finally {
    await sema.stop();
    await fake.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
