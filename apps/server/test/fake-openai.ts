/**
 * A fake OpenAI-compatible upstream for tests: a real node:http server speaking the real protocol
 * (`POST /v1/chat/completions`, JSON or server-sent events with a usage chunk and `[DONE]`). Each
 * request takes the next queued scenario, or the default one. Hosted providers cannot be reached from
 * tests; this is the one place a stand-in is allowed, and it goes over real HTTP.
 */
import type http from 'node:http';
import { plainServer } from './plain-server.ts';

/** The key the fake upstream asks for and the model Sema is set to ask it for, in the chat tests. */
export const UPSTREAM_KEY = 'hf_upstream_key';
export const UPSTREAM_MODEL = 'meta-llama/Llama-3.1-8B-Instruct';
/** A user message in Swahili, long enough that it is translated in more than one piece. */
export const SWAHILI_MESSAGE =
  'Watu wote wamezaliwa huru, hadhi na haki zao ni sawa. Wote wamejaliwa akili na dhamiri, hivyo yapasa watendeane kindugu.';

/** Sema's settings that send its chat to `fake`, as UPSTREAM_MODEL with UPSTREAM_KEY. */
export const chatThrough = (fake: FakeOpenAi) => ({
  SEMA_CHAT_BASE_URL: fake.baseUrl,
  SEMA_CHAT_API_KEY: UPSTREAM_KEY,
  SEMA_CHAT_MODEL: UPSTREAM_MODEL,
});

export type FakeScenario =
  /** A normal answer. `content` may hold `<think>` tags; `reasoning` goes in a separate field. */
  | {
      kind: 'answer';
      content: string;
      reasoning?: string;
      reasoningField?: 'reasoning_content' | 'reasoning';
      model?: string;
      tokens?: number;
      /** Why the answer ended (`stop` unless set): `length` for an answer cut at its token limit. */
      finishReason?: string;
      /** Pause between streamed chunks. */
      delayMs?: number;
    }
  /** An HTTP error with the given body (any shape). */
  | { kind: 'status'; status: number; body: unknown; headers?: Record<string, string> }
  /** Any JSON body with status 200 (e.g. no choices, no content). */
  | { kind: 'json'; body: unknown }
  /** Streams `before`, then `data: {"error": …}`. */
  | { kind: 'mid-stream-error'; before: string; error: unknown }
  /** Streams a word (with `sentences`, a short sentence) every `intervalMs` until the client goes away. */
  | { kind: 'slow'; intervalMs: number; sentences?: boolean }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Streams `before`, then cuts the connection (a reset in the middle of the answer). */
  | { kind: 'reset'; before: string }
  /** Streams `before`, then goes silent with the connection open. */
  | { kind: 'stall'; before: string }
  /** Streams `before`, then lines that are not the protocol, then ends without `[DONE]`. */
  | { kind: 'garbage'; before: string; lines: string[] };

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
    max_tokens?: number;
    temperature?: number;
    reasoning_effort?: string;
    user?: string;
    stream?: boolean;
    stream_options?: unknown;
  };
}

export interface FakeOpenAi {
  /** Base URL to use as SEMA_CHAT_BASE_URL, e.g. `http://127.0.0.1:4321/v1`. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Scenarios for the next requests, in order. */
  enqueue(...scenarios: FakeScenario[]): void;
  /** The scenario used when the queue is empty. */
  setDefault(scenario: FakeScenario): void;
  /** Resolves when a client closes a connection before the answer was complete. */
  nextDisconnect(): Promise<void>;
  /** How many responses were cut short by the client. */
  disconnects: number;
  /** Forgets queued scenarios and recorded requests, and restores the default answer. */
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT: FakeScenario = { kind: 'answer', content: 'Hello from the fake upstream.' };
const MODEL = 'fake/model';

function words(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeOpenAi(options: { apiKey?: string } = {}): Promise<FakeOpenAi> {
  const queue: FakeScenario[] = [];
  let fallback = DEFAULT;
  const requests: RecordedRequest[] = [];
  let disconnectWaiters: Array<() => void> = [];
  const fake = { disconnects: 0 };

  const server = await plainServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: RecordedRequest['body'] = {};
    try {
      body = JSON.parse(raw) as RecordedRequest['body'];
    } catch {
      // recorded as empty; a real server would refuse it below
    }
    if (!req.url?.startsWith('/__fake/')) requests.push({ path: req.url ?? '', headers: req.headers, body });

    let finished = false;
    res.on('close', () => {
      if (finished) return;
      fake.disconnects++;
      const waiters = disconnectWaiters;
      disconnectWaiters = [];
      for (const resolve of waiters) resolve();
    });
    const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      finished = true;
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(payload));
    };

    // Control routes, so that a test in another process (the browser e2e) can script the fake.
    if (req.url?.startsWith('/__fake/')) {
      finished = true;
      const control = body as unknown as { scenarios?: FakeScenario[] } & FakeScenario;
      if (req.url === '/__fake/requests') return json(200, requests);
      if (req.url === '/__fake/disconnects') return json(200, { disconnects: fake.disconnects });
      if (req.url === '/__fake/enqueue') queue.push(...(control.scenarios ?? []));
      else if (req.url === '/__fake/default') fallback = control;
      else if (req.url === '/__fake/reset') {
        queue.length = 0;
        requests.length = 0;
        fallback = DEFAULT;
      } else return json(404, { error: `No control route ${req.url}` });
      return json(200, { ok: true });
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return json(404, { error: { message: `No route ${req.method} ${req.url}` } });
    }
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return json(401, { error: 'Invalid credentials in Authorization header' });
    }
    const scenario = queue.shift() ?? fallback;
    const model = (scenario.kind === 'answer' && scenario.model) || body.model || MODEL;
    const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', model, choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;
    const startStream = () =>
      res.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache',
        Connection: 'keep-alive',
      });

    switch (scenario.kind) {
      case 'status':
        finished = true;
        res.writeHead(scenario.status, {
          'Content-Type': typeof scenario.body === 'string' ? 'text/plain' : 'application/json',
          ...scenario.headers,
        });
        return res.end(typeof scenario.body === 'string' ? scenario.body : JSON.stringify(scenario.body));
      case 'json':
        return json(200, scenario.body);
      case 'hang':
        return;
      case 'reset':
        startStream();
        res.write(chunk({ role: 'assistant', content: scenario.before }));
        await sleep(5);
        return void req.socket.destroy();
      case 'stall':
        startStream();
        res.write(chunk({ role: 'assistant', content: scenario.before }));
        return;
      case 'garbage':
        startStream();
        res.write(chunk({ role: 'assistant', content: scenario.before }));
        for (const line of scenario.lines) res.write(`${line}\n\n`);
        finished = true;
        return res.end();
      case 'mid-stream-error':
        startStream();
        res.write(chunk({ role: 'assistant', content: scenario.before }));
        await sleep(5);
        res.write(`data: ${JSON.stringify({ error: scenario.error })}\n\n`);
        finished = true;
        return res.end();
      case 'slow': {
        startStream();
        for (let i = 0; !res.destroyed && !res.writableEnded; i++) {
          res.write(chunk({ content: scenario.sentences ? `Here is line ${i}. ` : `word${i} ` }));
          await sleep(scenario.intervalMs);
        }
        return;
      }
      case 'answer': {
        const tokens = scenario.tokens ?? 42;
        const finish = scenario.finishReason ?? 'stop';
        const usage = { prompt_tokens: tokens - 10, completion_tokens: 10, total_tokens: tokens };
        const field = scenario.reasoningField ?? 'reasoning_content';
        if (!body.stream) {
          return json(200, {
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            model,
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: scenario.content,
                  ...(scenario.reasoning ? { [field]: scenario.reasoning } : {}),
                },
                finish_reason: finish,
              },
            ],
            usage,
          });
        }
        startStream();
        const parts = [
          ...words(scenario.reasoning ?? '').map((text) => ({ [field]: text })),
          ...words(scenario.content).map((text) => ({ content: text })),
        ];
        res.write(chunk({ role: 'assistant', content: '' }));
        for (const delta of parts) {
          if (res.destroyed) return;
          res.write(chunk(delta));
          if (scenario.delayMs) await sleep(scenario.delayMs);
        }
        res.write(
          `data: ${JSON.stringify({ id: 'chatcmpl-fake', model, choices: [{ index: 0, delta: {}, finish_reason: finish }] })}\n\n`,
        );
        res.write(`data: ${JSON.stringify({ id: 'chatcmpl-fake', model, choices: [], usage })}\n\n`);
        res.write('data: [DONE]\n\n');
        finished = true;
        return res.end();
      }
    }
  });

  return {
    baseUrl: `${server.url}/v1`,
    requests,
    enqueue: (...scenarios) => queue.push(...scenarios),
    setDefault: (scenario) => {
      fallback = scenario;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fallback = DEFAULT;
    },
    nextDisconnect: () => new Promise<void>((resolve) => disconnectWaiters.push(resolve)),
    get disconnects() {
      return fake.disconnects;
    },
    close: () => server.close(),
  };
}
