import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@sema/testkit/wait-for';
import type { ChatStreamEvent } from '@sema/shared/api/chat';
import { ApiError } from '../lib/errors.ts';
import { buildTinyGguf } from '../../scripts/make-tiny-gguf.mjs';
import { createChatService } from './chat-service.ts';
import { freePort } from '@sema/testkit/free-port';
import { LocalProvider, type LocalProviderOptions } from './local-provider.ts';
import { plainServer } from '../../test/plain-server.ts';

const fixture = fileURLToPath(new URL('../../test/fixtures/tiny-chat.gguf', import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-local-chat-'));
const randomModel = path.join(work, 'tiny-random.gguf');
const user = (content: string) => ({ role: 'user' as const, content });

function quietLog() {
  const lines: string[] = [];
  const log: LocalProviderOptions['log'] = {
    info: (m) => lines.push(m),
    warn: (m) => lines.push(m),
    error: (m) => lines.push(m),
  };
  return { log, lines };
}

function provider(model: string, extra: Partial<LocalProviderOptions> = {}) {
  const { log, lines } = quietLog();
  return {
    provider: new LocalProvider({
      model,
      modelsDirectory: path.join(work, 'models'),
      threads: 1,
      log,
      progressOutput: null,
      ...extra,
    }),
    lines,
  };
}

async function collect(events: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const all: ChatStreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

/** What `local` answers 'hi' with, when it refuses (as its tests expect before the model is there). */
function refusal(local: LocalProvider, maxTokens = 5): Promise<unknown> {
  return local
    .complete({ messages: [user('hi')], maxTokens, temperature: 0, signal: new AbortController().signal })
    .catch((e: unknown) => e);
}

/** The text of the `type` events, joined. */
function textOf(events: ChatStreamEvent[], type: 'reasoning' | 'content'): string {
  return events.flatMap((event) => (event.type === type ? [event.text] : [])).join('');
}

const request = (content: string, extra: Record<string, unknown> = {}) => ({
  messages: [user(content)],
  ...extra,
});

beforeAll(() => fs.writeFileSync(randomModel, buildTinyGguf({ variant: 'random' })));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('the tiny GGUF fixture', () => {
  it('is exactly what scripts/make-tiny-gguf.mjs writes', () => {
    expect(buildTinyGguf().equals(fs.readFileSync(fixture))).toBe(true);
  });
});

describe('LocalProvider on the tiny scripted model', () => {
  const { provider: local } = provider(fixture);
  const service = createChatService(local, { maxInputChars: 10_000 });
  afterAll(() => local.close());

  it('answers through node-llama-cpp, with the <think> block separated', async () => {
    const answer = await service.complete(request('Habari yako?'), new AbortController().signal);
    expect(answer).toMatchObject({
      content: 'Hello from Sema.',
      reasoning: 'Brief thought',
      model: 'tiny-chat.gguf',
    });
    expect(answer.tokens).toBeGreaterThan(8);
    expect(local.status()).toMatchObject({ state: 'ready', provider: 'local' });
  });

  it('streams reasoning, then content, then done', async () => {
    const events = await collect(
      service.stream(
        {
          messages: [
            { role: 'system', content: 'Be brief.' },
            user('Hi'),
            { role: 'assistant', content: 'Hello!' },
            user('Again'),
          ],
        },
        new AbortController().signal,
      ),
    );
    expect(textOf(events, 'reasoning')).toBe('Brief thought');
    expect(textOf(events, 'content')).toBe('Hello from Sema.');
    expect(events.filter((e) => e.type === 'content').length).toBeGreaterThan(1);
    expect(events.at(-1)).toMatchObject({ type: 'done', model: 'tiny-chat.gguf' });
  });

  it('serves requests one at a time without mixing them up', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((n) => service.complete(request(`Question ${n}`), new AbortController().signal)),
    );
    expect(answers.map((a) => a.content)).toEqual([
      'Hello from Sema.',
      'Hello from Sema.',
      'Hello from Sema.',
    ]);
  });
});

describe('LocalProvider on a random model that never stops', () => {
  const { provider: local } = provider(randomModel);
  afterAll(() => local.close());

  it('stops at max_tokens', async () => {
    const answer = await local.complete({
      messages: [user('Hi')],
      maxTokens: 6,
      temperature: 0.7,
      signal: new AbortController().signal,
    });
    // prompt tokens + at most 6 generated ones
    const promptOnly = await local.complete({
      messages: [user('Hi')],
      maxTokens: 1,
      temperature: 0.7,
      signal: new AbortController().signal,
    });
    expect(answer.tokens - promptOnly.tokens).toBe(5);
    expect(answer.text.length).toBeGreaterThan(0);
  });

  it('stops generating when the request is aborted', async () => {
    const controller = new AbortController();
    let chunks = 0;
    const started = performance.now();
    for await (const chunk of local.stream({
      messages: [user('Hi')],
      maxTokens: 1500,
      temperature: 0.7,
      signal: controller.signal,
    })) {
      if (chunk.type === 'text' && ++chunks === 3) controller.abort();
    }
    expect(chunks).toBeLessThan(20);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('LocalProvider when the model is missing', () => {
  it('answers 503 CHAT_NOT_CONFIGURED naming the missing file, and /status says so', async () => {
    const missing = path.join(work, 'nope.gguf');
    const { provider: local } = provider(missing);
    const service = createChatService(local, { maxInputChars: 1000 });
    const error = await service
      .complete(request('hi'), new AbortController().signal)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 503, code: 'CHAT_NOT_CONFIGURED' });
    expect((error as ApiError).detail).toBe(
      `Chat is not configured: model file not found: ${missing}. To enable it, set SEMA_CHAT_API_KEY (or HF_TOKEN) to use the Hugging Face router, SEMA_CHAT_BASE_URL for any OpenAI-compatible server, or SEMA_CHAT_LOCAL_MODEL to a GGUF file or hub URI for the built-in local model.`,
    );
    expect(local.status()).toMatchObject({ state: 'error', provider: 'local' });
    expect(local.status().detail).toContain('model file not found');
  });
});

describe('LocalProvider with a hub URI', () => {
  let hub: Awaited<ReturnType<typeof plainServer>>;
  let endpoint: string;
  let release: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  const bytes = fs.readFileSync(fixture);

  beforeAll(async () => {
    // A stand-in for huggingface.co serving the fixture at its resolve URL, optionally held half-way.
    hub = await plainServer(async (req, res) => {
      if (!req.url?.startsWith('/sema/tiny-chat/resolve/main/tiny-chat.gguf'))
        return res.writeHead(404).end();
      res.writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Length': bytes.length,
        'Accept-Ranges': 'none',
      });
      if (req.method === 'HEAD') return res.end();
      res.write(bytes.subarray(0, bytes.length / 2));
      await gate;
      res.end(bytes.subarray(bytes.length / 2));
    });
    endpoint = `${hub.url}/`;
  });
  afterAll(() => hub.close());

  it('downloads on first use with progress, answers 503 while downloading, then chats', async () => {
    gate = new Promise<void>((resolve) => (release = resolve));
    const modelsDirectory = path.join(work, 'hub-models');
    const progress: string[] = [];
    const { provider: local } = provider('hf:sema/tiny-chat/tiny-chat.gguf', {
      hubEndpoint: endpoint,
      modelsDirectory,
      loadWaitMs: 300,
      progressOutput: { isTTY: false, write: (chunk: string) => progress.push(chunk) },
    });
    try {
      // Nothing is loaded yet: never "ready" before it is.
      expect(local.status()).toMatchObject({ state: 'loading', detail: 'Not loaded yet: it loads at start' });
      const early = await refusal(local, 20);
      expect(early).toMatchObject({
        statusCode: 503,
        code: 'MODEL_UNAVAILABLE',
        headers: { 'Retry-After': '30' },
      });
      expect((early as ApiError).detail).toMatch(
        /^The chat model is still loading \(\d+% downloaded\)\. Try again shortly\.$/,
      );
      expect(local.status()).toMatchObject({ state: 'loading', detail: 'Downloading the chat model' });
      release();
      await waitFor(() => local.status().state === 'ready', { what: 'the local model to be ready' });
      const answer = await local.complete({
        messages: [user('hi')],
        maxTokens: 20,
        temperature: 0,
        signal: new AbortController().signal,
      });
      expect(answer.text).toBe('<think> Brief thought</think> Hello from Sema.');
      expect(fs.readdirSync(modelsDirectory).some((name) => name.endsWith('.gguf'))).toBe(true);
      // The translation model's progress format (lib/download-progress.ts), a line per 10% step.
      expect(progress.at(-1)).toMatch(
        /^Downloading chat model hf:sema\/tiny-chat\/tiny-chat\.gguf: 100% (\d+\.\d)\/\1 [kM]B\n$/,
      );
      expect(local.status()).toMatchObject({ state: 'ready' });
    } finally {
      release();
      await local.close();
    }
  });

  it('reports a failed download at once, with the reason and what to do, and tries again later by itself', async () => {
    const { provider: local } = provider('hf:sema/absent/absent.gguf', {
      hubEndpoint: endpoint,
      modelsDirectory: path.join(work, 'absent'),
    });
    try {
      const error = await refusal(local);
      expect(error).toMatchObject({ statusCode: 503, code: 'MODEL_UNAVAILABLE' });
      expect((error as ApiError).detail).toMatch(
        /^The chat model is not available: could not download hf:sema\/absent\/absent\.gguf: .+\. The server keeps trying; to chat without downloading it, set SEMA_CHAT_LOCAL_MODEL to a GGUF file on disk/,
      );
      expect(local.status()).toMatchObject({ state: 'error', next_attempt_at: expect.any(String) });
    } finally {
      await local.close();
    }
  });
});

describe('LocalProvider offline', () => {
  it('says at once that the hub cannot be reached, fails requests without waiting, recovers when it can, and restarts offline', async () => {
    // A port nothing listens on: the hub is unreachable (a machine without internet).
    const port = await freePort();
    const { provider: local } = provider('hf:sema/tiny-chat/tiny-chat.gguf', {
      hubEndpoint: `http://127.0.0.1:${port}/`,
      modelsDirectory: path.join(work, 'offline'),
      retryDelayMs: 200,
      // A request that waited for the model would time the test out: it must fail at once.
      loadWaitMs: 60_000,
    });
    try {
      local.warmUp();
      await waitFor(() => local.status().state === 'error', { what: 'the local model to be in error' });
      expect(local.status().detail).toMatch(/cannot reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
      const error = await refusal(local);
      expect(error).toMatchObject({ statusCode: 503, code: 'MODEL_UNAVAILABLE' });
      // The hub comes back on the same port: the next background attempt downloads and loads.
      const bytes = fs.readFileSync(fixture);
      const hub = await plainServer(
        (req, res) => {
          res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': bytes.length });
          res.end(req.method === 'HEAD' ? undefined : bytes);
        },
        { port },
      );
      try {
        await waitFor(() => local.status().state === 'ready', {
          timeout: 15_000,
          interval: 50,
          what: 'the local model to be ready',
        });
      } finally {
        await hub.close();
      }
    } finally {
      await local.close();
    }
    // A restart with the hub gone again: the model downloaded before loads without it.
    const { provider: restarted } = provider('hf:sema/tiny-chat/tiny-chat.gguf', {
      hubEndpoint: `http://127.0.0.1:${port}/`,
      modelsDirectory: path.join(work, 'offline'),
    });
    try {
      restarted.warmUp();
      await waitFor(() => restarted.status().state === 'ready', {
        what: 'the restarted local model to be ready',
      });
    } finally {
      await restarted.close();
    }
  });
});
