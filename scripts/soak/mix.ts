/**
 * The soak's traffic: what real users and careless or hostile clients send, each operation with a
 * weight. Every request has a client deadline; what comes back is recorded by operation.
 */
import net from 'node:net';
import { makeDocx } from '../../apps/server/src/documents/testing/make-docx.ts';

export interface Outcome {
  op: string;
  /** HTTP status, or a client-side failure: `no-answer` (deadline), `error:<code>`. */
  status: number | string;
  code?: string;
  retryAfter?: boolean;
  ms: number;
  /** Hostile requests, whose answer must be a 4xx (or none, for a client that walks away). */
  hostile: boolean;
}

const DEADLINE_MS = 60_000;
const LANGS = ['fra_Latn', 'swh_Latn', 'deu_Latn', 'hau_Latn', 'yor_Latn', 'amh_Ethi', 'spa_Latn'];
const WORDS = 'market river school morning water family friend letter doctor village road harvest'.split(' ');
const CACHED = Array.from({ length: 40 }, (_, i) => `Good morning, this is common message number ${i}.`);

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
let fresh = 0;
function newSentence(): string {
  fresh++;
  return `The ${pick(WORDS)} and the ${pick(WORDS)} meet at ${fresh} o'clock near the ${pick(WORDS)}.`;
}

async function call(
  base: string,
  op: string,
  path: string,
  init: RequestInit & { hostile?: boolean; abortAfterMs?: number } = {},
): Promise<Outcome> {
  const started = performance.now();
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(new Error('deadline')), DEADLINE_MS);
  const hostile = init.hostile ?? false;
  try {
    const response = await fetch(`${base}${path}`, { ...init, signal: controller.signal });
    const type = response.headers.get('content-type') ?? '';
    let code: string | undefined;
    if (init.abortAfterMs !== undefined && type.startsWith('text/event-stream')) {
      // A reader who leaves halfway: read a little, then hang up.
      const reader = response.body!.getReader();
      const until = performance.now() + init.abortAfterMs;
      while (performance.now() < until && !(await reader.read()).done);
      await reader.cancel();
    } else if (type.includes('json')) {
      const body = (await response.json()) as { code?: unknown };
      if (typeof body?.code === 'string') code = body.code;
    } else {
      await response.arrayBuffer();
    }
    return {
      op,
      status: response.status,
      code,
      retryAfter: response.headers.has('retry-after'),
      ms: performance.now() - started,
      hostile,
    };
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    // A server may refuse an oversized body and close before it has all been sent: the client then
    // sees the connection closed under it. For a hostile request that is a refusal, not a failure.
    const refused = hostile && (code === 'EPIPE' || code === 'ECONNRESET');
    const reason = controller.signal.aborted
      ? 'no-answer'
      : refused
        ? 'refused-while-sending'
        : `error:${code}`;
    return { op, status: reason, ms: performance.now() - started, hostile };
  } finally {
    clearTimeout(deadline);
  }
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

function documentForm(name: string, bytes: Uint8Array | string, target = pick(LANGS)): FormData {
  const form = new FormData();
  form.append('target_language', target);
  form.append('source_language', 'eng_Latn');
  form.append('file', new Blob([bytes]), name);
  return form;
}

const DOCUMENTS: Record<string, () => Promise<Uint8Array | string>> = {
  'notes.txt': async () => `${newSentence()}\n\n${newSentence()}\n`,
  'readme.md': async () => `# Title\n\n${newSentence()} **Bold** and \`code\`.\n\n- ${newSentence()}\n`,
  'page.html': async () => `<h1>Hello</h1><p>${newSentence()}</p>`,
  'film.srt': async () => `1\n00:00:01,000 --> 00:00:02,000\n${newSentence()}\n`,
  'strings.json': async () => JSON.stringify({ greeting: newSentence(), count: '{n} items' }),
  'letter.docx': () => makeDocx(),
};

/** A request sent over a raw socket that ends (or stalls) where a careless client would. */
function rawHostile(port: number, op: string, payload: string, walkAwayMs: number): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(payload));
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', () => {});
    const timer = setTimeout(() => socket.destroy(), walkAwayMs);
    socket.on('close', () => {
      clearTimeout(timer);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      // A client that walked away gets no answer: that is the expected outcome here.
      resolve({
        op,
        status: status ? Number(status) : 'walked-away',
        ms: performance.now() - started,
        hostile: true,
      });
    });
  });
}

export interface Target {
  base: string;
  port: number;
}

const hostile = { hostile: true };
const rawJson = (body: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body,
});

/**
 * What careless and hostile clients send. Each must get a 4xx (or nothing, for a client that walks
 * away) and must never cost a 5xx; `odd` ones are strange but valid, and must get a 2xx.
 */
const HOSTILE: ((target: Target) => Promise<Outcome>)[] = [
  ({ base }) =>
    call(base, 'hostile: malformed JSON', '/api/v1/translate', {
      ...rawJson('{"text": "unfinished'),
      ...hostile,
    }),
  ({ base }) =>
    call(base, 'hostile: text/plain', '/api/v1/translate', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
      ...hostile,
    }),
  ({ base }) =>
    call(base, 'hostile: 2 MB of emoji', '/api/v1/detect-language', {
      ...json({ text: '😀'.repeat(600_000) }),
      ...hostile,
    }),
  ({ base }) => call(base, 'hostile: bad URL encoding', '/api/v1/languages/%E0%A4%A', hostile),
  ({ base }) =>
    call(base, 'hostile: unknown code', '/api/v1/translate', {
      ...json({ text: 'Hi.', target_language: 'xxx_Yyyy' }),
      ...hostile,
    }),
  ({ base }) => call(base, 'hostile: wrong method', '/api/v1/translate', { method: 'DELETE', ...hostile }),
  ({ port }) =>
    rawHostile(
      port,
      'hostile: truncated upload',
      'POST /api/v1/translate/document HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 500\r\n\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nHello',
      500,
    ),
  // Half the headers, then the client leaves.
  ({ port }) =>
    rawHostile(port, 'hostile: slow client', 'GET /api/v1/languages HTTP/1.1\r\nHost: x\r\n', 300),
  ({ base }) =>
    call(base, 'odd: empty file name', '/api/v1/translate/document', {
      method: 'POST',
      body: documentForm('', 'Some text in a file without a name.'),
      headers: { accept: 'application/json' },
    }),
  // NUL, a bidi override, a zero-width space, a lone surrogate, and a prototype key.
  ({ base }) =>
    call(
      base,
      'odd: control characters',
      '/api/v1/translate',
      rawJson('{"text":"a\\u0000b\\u202e\\u200b\\ud800 c","target_language":"fra_Latn","__proto__":{"x":1}}'),
    ),
];

/** The operations and their weights (out of the sum). */
export const OPERATIONS: [string, number, (target: Target) => Promise<Outcome>][] = [
  [
    'translate (cached)',
    22,
    ({ base }) =>
      call(
        base,
        'translate (cached)',
        '/api/v1/translate',
        json({ text: pick(CACHED), source_language: 'eng_Latn', target_language: 'fra_Latn' }),
      ),
  ],
  [
    'translate (new)',
    14,
    ({ base }) =>
      call(
        base,
        'translate (new)',
        '/api/v1/translate',
        json({ text: `${newSentence()} ${newSentence()}`, target_language: pick(LANGS) }),
      ),
  ],
  [
    'batch',
    6,
    ({ base }) =>
      call(
        base,
        'batch',
        '/api/v1/translate/batch',
        json({
          texts: [pick(CACHED), newSentence(), newSentence(), pick(CACHED)],
          source_language: 'eng_Latn',
          target_language: pick(LANGS),
        }),
      ),
  ],
  [
    'detect',
    12,
    ({ base }) =>
      call(base, 'detect', '/api/v1/detect-language', json({ text: `${newSentence()} Habari za asubuhi.` })),
  ],
  [
    'languages',
    12,
    ({ base }) =>
      call(
        base,
        'languages',
        pick([
          '/api/v1/languages',
          '/api/v1/languages/popular',
          '/api/v1/languages/search?q=swa',
          '/api/v1/languages/hau_Latn',
          '/status',
        ]),
      ),
  ],
  [
    'chat stream',
    8,
    ({ base }) =>
      call(base, 'chat stream', '/api/v1/chat', {
        ...json({ messages: [{ role: 'user', content: newSentence() }], stream: true, max_tokens: 64 }),
        // One reader in five hangs up halfway.
        abortAfterMs: Math.random() < 0.2 ? 20 : undefined,
      }),
  ],
  [
    'document',
    6,
    async ({ base }) => {
      const name = pick(Object.keys(DOCUMENTS));
      const form = documentForm(name, await DOCUMENTS[name]!());
      return call(base, 'document', '/api/v1/translate/document', {
        method: 'POST',
        body: form,
        headers: { accept: 'application/json' },
      });
    },
  ],
  ['hostile', 20, (target) => pick(HOSTILE)(target)],
];

export function pickOperation(): (target: Target) => Promise<Outcome> {
  const total = OPERATIONS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [, weight, run] of OPERATIONS) {
    roll -= weight;
    if (roll < 0) return run;
  }
  return OPERATIONS[0]![2];
}
