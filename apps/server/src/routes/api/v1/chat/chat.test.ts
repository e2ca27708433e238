import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@sema/testkit/wait-for';
import { createParser } from 'eventsource-parser';
import type { ChatResponse, ChatStreamEvent } from '@sema/shared/api/chat';
import type { StatusResponse } from '@sema/shared/api/schemas';
import { CHAT_ERRORS, authErrorMessage } from '@sema/shared/errors';
import type { App } from '../../../../app.ts';
import { buildTestApp, postJson, withTestApp } from '../../../../../test/build-test-app.ts';
import type { FakeOpenAi } from '../../../../../test/fake-openai.ts';
import { withFakeChat } from '../../../../../test/fake-chat-app.ts';
import { openStream } from '../../../../../test/stream-request.ts';

/** The fake upstream is on loopback, not a provider people know by name: the spec's message says so. */
const LOOPBACK_AUTH_ERROR = authErrorMessage('chat provider');

const KEY = 'hf_test_key_123';
const user = (content: string) => ({ role: 'user' as const, content });

function parseEvents(body: string): ChatStreamEvent[] {
  const events: ChatStreamEvent[] = [];
  const parser = createParser({ onEvent: (event) => events.push(JSON.parse(event.data) as ChatStreamEvent) });
  parser.feed(body);
  return events;
}

function joined(events: ChatStreamEvent[], type: 'reasoning' | 'content'): string {
  return events.flatMap((event) => (event.type === type ? [event.text] : [])).join('');
}

let fake: FakeOpenAi;
let app: App;

withFakeChat(KEY, { SEMA_CHAT_TIMEOUT_MS: '2000' }, (started, chatting) => {
  fake = started;
  app = chatting;
});

/** The fake model's next answer and the tokens it reports. */
const answer = (content: string, tokens: number) => ({ kind: 'answer' as const, content, tokens });

const post = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/chat', payload: payload as object });

describe('POST /api/v1/chat (JSON answer)', () => {
  it('answers with content, separated reasoning, model, tokens, finish reason and time, and sends the key and no caps upstream', async () => {
    fake.enqueue(answer('<think>\nThe user says hi.\n</think>\n\nHello! How can I help?', 57));
    const response = await post({ messages: [{ role: 'system', content: 'Be brief.' }, user('Hi')] });
    expect(response.statusCode).toBe(200);
    const body = response.json<ChatResponse>();
    expect(body).toMatchObject({
      content: 'Hello! How can I help?',
      reasoning: 'The user says hi.',
      model: 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B',
      tokens: 57,
      prompt_tokens: 47,
      completion_tokens: 10,
      finish_reason: 'stop',
    });
    expect(body.processingTime).toBeGreaterThanOrEqual(0);
    const sent = fake.requests[0]!;
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    // A whole answer is the one streamed turn, gathered (the same path as every chat surface).
    expect(sent.body).toMatchObject({ model: 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B', stream: true });
    // The client set no length and no temperature: the model's own are used, not a cap of ours.
    expect(sent.body).not.toHaveProperty('max_tokens');
    expect(sent.body).not.toHaveProperty('temperature');
    expect(sent.body.messages).toEqual([{ role: 'system', content: 'Be brief.' }, user('Hi')]);
  });

  it('reads reasoning from a reasoning_content or reasoning field', async () => {
    fake.enqueue(
      {
        kind: 'answer',
        content: 'Nairobi.',
        reasoning: 'Capital of Kenya.',
        reasoningField: 'reasoning_content',
      },
      { kind: 'answer', content: 'Dodoma.', reasoning: 'Capital of Tanzania.', reasoningField: 'reasoning' },
    );
    expect((await post({ messages: [user('Kenya?')] })).json()).toMatchObject({
      content: 'Nairobi.',
      reasoning: 'Capital of Kenya.',
    });
    expect((await post({ messages: [user('Tanzania?')] })).json()).toMatchObject({
      content: 'Dodoma.',
      reasoning: 'Capital of Tanzania.',
    });
  });

  it('treats text before a lone </think> as reasoning', async () => {
    fake.enqueue({ kind: 'answer', content: 'Okay, the user greets me.\n</think>\n\nJambo!' });
    expect((await post({ messages: [user('Jambo')] })).json()).toMatchObject({
      content: 'Jambo!',
      reasoning: 'Okay, the user greets me.',
    });
  });

  it("strips earlier answers' reasoning from the history it sends upstream", async () => {
    fake.enqueue({ kind: 'answer', content: 'Fine.' });
    await post({
      messages: [
        user('Hi'),
        { role: 'assistant', content: '<think>secret</think>Hello!' },
        { role: 'assistant', content: '<think>only thoughts</think>' },
        user('How are you?'),
      ],
    });
    expect(fake.requests[0]!.body.messages).toEqual([
      user('Hi'),
      { role: 'assistant', content: 'Hello!' },
      user('How are you?'),
    ]);
  });

  it('passes max_tokens, temperature and a :provider model suffix on', async () => {
    await withTestApp(
      {
        SEMA_CHAT_BASE_URL: fake.baseUrl,
        SEMA_CHAT_API_KEY: KEY,
        SEMA_CHAT_MODEL: 'org/model:nscale',
      },
      async (suffixed) => {
        fake.enqueue({ kind: 'answer', content: 'ok' });
        const response = await postJson(suffixed, '/api/v1/chat', {
          messages: [user('x')],
          max_tokens: 12,
          temperature: 0,
        });
        expect(response.statusCode).toBe(200);
        expect(fake.requests[0]!.body).toMatchObject({
          model: 'org/model:nscale',
          max_tokens: 12,
          temperature: 0,
        });
      },
    );
  });

  it("rejects replies without choices or content with the spec's messages", async () => {
    fake.enqueue(
      { kind: 'json', body: { choices: [] } },
      { kind: 'json', body: { choices: [{ message: { role: 'assistant' } }] } },
    );
    const noChoices = await post({ messages: [user('a')] });
    expect(noChoices.statusCode).toBe(502);
    expect(noChoices.json()).toEqual({ detail: CHAT_ERRORS.noChoices, code: 'CHAT_ERROR' });
    const noContent = await post({ messages: [user('a')] });
    expect(noContent.statusCode).toBe(502);
    expect(noContent.json()).toEqual({ detail: CHAT_ERRORS.invalidFormat, code: 'CHAT_ERROR' });
  });
});

describe('POST /api/v1/chat upstream errors', () => {
  it.each([
    [401, { error: 'Invalid credentials in Authorization header' }, 502, 'AUTH_ERROR', LOOPBACK_AUTH_ERROR],
    [403, { error: { message: 'Forbidden' } }, 502, 'AUTH_ERROR', LOOPBACK_AUTH_ERROR],
    [429, { error: { message: 'Too many requests' } }, 429, 'RATE_LIMIT', CHAT_ERRORS.RATE_LIMIT],
    [500, { error: { message: 'Model is overloaded' } }, 502, 'CHAT_ERROR', 'Model is overloaded'],
    [
      500,
      { error: 'Model too busy, unable to get response in less than 60 second(s)' },
      502,
      'CHAT_ERROR',
      'Model too busy, unable to get response in less than 60 second(s)',
    ],
    [
      400,
      { message: 'max_tokens must be at most 4096 tokens' },
      502,
      'CHAT_ERROR',
      'max_tokens must be at most 4096 tokens',
    ],
    [503, 'Service Unavailable', 502, 'CHAT_ERROR', 'Service Unavailable'],
    [500, '', 502, 'CHAT_ERROR', CHAT_ERRORS.CHAT_ERROR],
    [504, { error: 'Gateway timeout' }, 504, 'NETWORK_ERROR', CHAT_ERRORS.NETWORK_ERROR],
  ])('upstream %i %j → %i %s', async (status, body, expectedStatus, code, detail) => {
    fake.enqueue({ kind: 'status', status, body });
    const response = await post({ messages: [user('hi')] });
    expect(response.statusCode).toBe(expectedStatus);
    expect(response.json()).toEqual({ detail, code });
  });

  it('passes Retry-After on from a rate-limited upstream', async () => {
    fake.enqueue({
      kind: 'status',
      status: 429,
      body: { error: 'Rate limit reached' },
      headers: { 'Retry-After': '17' },
    });
    const response = await post({ messages: [user('hi')] });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('17');
  });

  it('maps a wrong key to AUTH_ERROR (the fake checks the Authorization header)', async () => {
    await withTestApp(
      { SEMA_CHAT_BASE_URL: fake.baseUrl, SEMA_CHAT_API_KEY: 'hf_wrong' },
      async (wrongKey) => {
        const response = await postJson(wrongKey, '/api/v1/chat', { messages: [user('x')] });
        expect(response.statusCode).toBe(502);
        expect(response.json()).toEqual({ detail: LOOPBACK_AUTH_ERROR, code: 'AUTH_ERROR' });
      },
    );
  });

  it('maps a refused connection to NETWORK_ERROR (502) and a silent upstream to NETWORK_ERROR (504)', async () => {
    await withTestApp(
      {
        SEMA_CHAT_BASE_URL: 'http://127.0.0.1:9/v1',
        SEMA_CHAT_API_KEY: KEY,
      },
      async (refused) => {
        const response = await postJson(refused, '/api/v1/chat', { messages: [user('x')] });
        expect(response.statusCode).toBe(502);
        expect(response.json()).toEqual({ detail: CHAT_ERRORS.NETWORK_ERROR, code: 'NETWORK_ERROR' });
      },
    );
    const impatient = await buildTestApp({
      SEMA_CHAT_BASE_URL: fake.baseUrl,
      SEMA_CHAT_API_KEY: KEY,
      SEMA_CHAT_TIMEOUT_MS: '200',
    });
    try {
      fake.enqueue({ kind: 'hang' });
      const disconnected = fake.nextDisconnect();
      const response = await postJson(impatient, '/api/v1/chat', { messages: [user('x')] });
      expect(response.statusCode).toBe(504);
      expect(response.json()).toEqual({ detail: CHAT_ERRORS.NETWORK_ERROR, code: 'NETWORK_ERROR' });
      await disconnected; // the upstream request was given up, not left hanging
    } finally {
      await impatient.close();
    }
  });
});

describe('POST /api/v1/chat when the upstream breaks in the middle of an answer', () => {
  let impatient: App;
  beforeAll(async () => {
    impatient = await buildTestApp({
      SEMA_CHAT_BASE_URL: fake.baseUrl,
      SEMA_CHAT_API_KEY: KEY,
      SEMA_CHAT_TIMEOUT_MS: '300',
    });
  });
  afterAll(() => impatient.close());
  const stream = (server: App) =>
    server.inject({ method: 'POST', url: '/api/v1/chat', payload: { messages: [user('x')], stream: true } });

  it('ends a stream whose upstream connection was reset with the network error, after what had come', async () => {
    fake.enqueue({ kind: 'reset', before: 'Half an ' });
    const response = await stream(app);
    expect(response.statusCode).toBe(200);
    const events = parseEvents(response.body);
    // (Text before any </think> may be reasoning, R1-style, until the answer says otherwise.)
    expect(joined(events, 'reasoning') + joined(events, 'content')).toBe('Half an ');
    expect(events.at(-1)).toEqual({
      type: 'error',
      detail: CHAT_ERRORS.NETWORK_ERROR,
      code: 'NETWORK_ERROR',
    });
  });

  it('ends a stream whose upstream went silent mid-answer after SEMA_CHAT_TIMEOUT_MS, and hangs up on it', async () => {
    fake.enqueue({ kind: 'stall', before: 'Thinking about ' });
    const disconnected = fake.nextDisconnect();
    const response = await stream(impatient);
    const events = parseEvents(response.body);
    // (Text before any </think> may be reasoning, R1-style, until the answer says otherwise.)
    expect(joined(events, 'reasoning') + joined(events, 'content')).toBe('Thinking about ');
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'NETWORK_ERROR' });
    await disconnected; // nothing left running upstream
  });

  it('ends a stream with malformed events and no [DONE] cleanly, keeping what was good', async () => {
    fake.enqueue({
      kind: 'garbage',
      before: 'Good part. ',
      lines: [
        'data: {not json',
        'data: {"choices": []}',
        'event: nonsense',
        'data: {"choices":[{"delta":{"content":',
      ],
    });
    const response = await stream(app);
    expect(response.statusCode).toBe(200);
    const events = parseEvents(response.body);
    // (Text before any </think> may be reasoning, R1-style, until the answer says otherwise.)
    expect(joined(events, 'reasoning') + joined(events, 'content')).toBe('Good part. ');
    expect(['done', 'error']).toContain(events.at(-1)!.type);
    // The server is fine afterwards.
    fake.enqueue({ kind: 'answer', content: 'Fine.' });
    expect(parseEvents((await stream(app)).body).at(-1)).toMatchObject({ type: 'done' });
  });
});

describe('POST /api/v1/chat validation', () => {
  it.each([
    [{ messages: [] }, 'messages must have at least 1 item'],
    [{}, 'messages is required'],
    [
      { messages: [{ role: 'robot', content: 'x' }] },
      'messages.0.role must be one of: system, user, assistant',
    ],
    [{ messages: [{ role: 'user', content: 42 }] }, 'messages.0.content must be a string'],
    [{ messages: [user('x')], max_tokens: 100_000 }, 'max_tokens must be <= 8192'],
    [{ messages: [user('x')], max_tokens: 0 }, 'max_tokens must be >= 1'],
    [{ messages: [user('x')], temperature: 5 }, 'temperature must be <= 2'],
    [{ messages: [user('x')], temperature: 'hot' }, 'temperature must be a number'],
    [
      { messages: [user('x'), { role: 'assistant', content: 'y' }] },
      'The last message must be from the user',
    ],
    [{ messages: [user('   ')] }, 'The last message must not be empty'],
  ])('%j → 422 %s', async (payload, detail) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail, code: 'VALIDATION_ERROR' });
    expect(fake.requests).toHaveLength(0);
  });

  it('leaves out the older turns that do not fit the limit, and refuses only a message that cannot', async () => {
    fake.setDefault({ kind: 'answer', content: 'Sure.' });
    const windowed = await post({
      messages: [
        user('a'.repeat(20_000)),
        { role: 'assistant', content: 'Noted.' },
        user('b'.repeat(12_001)),
      ],
    });
    expect(windowed.statusCode).toBe(200);
    expect(fake.requests.at(-1)?.body.messages?.map((message) => message.content.length)).toEqual([12_001]);

    const response = await post({ messages: [user('b'.repeat(32_001))] });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      detail:
        'Chat input is too long: 32001 characters in the message and the system messages (the limit is 32000)',
      code: 'TEXT_TOO_LONG',
    });
    const status = (await app.inject({ method: 'GET', url: '/status' })).json<StatusResponse>();
    expect(status.limits).toMatchObject({ max_chat_input_chars: 32_000 });
  });
});

describe('POST /api/v1/chat with stream: true', () => {
  it('streams reasoning, then content, then done with the usage tokens', async () => {
    fake.enqueue(answer('<think>Short plan.</think>\n\n**Habari** ya asubuhi!', 31));
    const response = await post({ messages: [user('hi')], stream: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const events = parseEvents(response.body);
    expect(joined(events, 'reasoning')).toBe('Short plan.');
    expect(joined(events, 'content')).toBe('**Habari** ya asubuhi!');
    expect(events.filter((event) => event.type === 'content').length).toBeGreaterThan(1);
    const lastReasoning = events.findLastIndex((event) => event.type === 'reasoning');
    const firstContent = events.findIndex((event) => event.type === 'content');
    expect(lastReasoning).toBeLessThan(firstContent);
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      model: 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B',
      tokens: 31,
    });
    expect(fake.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('documents the event stream in the OpenAPI document beside the JSON answer', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const content = spec.paths['/api/v1/chat'].post.responses['200'].content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'text/event-stream']);
    expect(content['application/json'].schema.required).toContain('content');
  });

  it('streams an R1-style answer (lone </think>) with the reasoning separated', async () => {
    fake.enqueue({ kind: 'answer', content: 'The user wants a greeting.\n</think>\n\nHello there!' });
    const events = parseEvents((await post({ messages: [user('hi')], stream: true })).body);
    expect(joined(events, 'reasoning')).toBe('The user wants a greeting.\n');
    expect(joined(events, 'content')).toBe('Hello there!');
  });

  it('streams reasoning that comes in reasoning_content deltas', async () => {
    fake.enqueue({ kind: 'answer', content: 'Nairobi.', reasoning: 'Kenya capital.' });
    const events = parseEvents((await post({ messages: [user('?')], stream: true })).body);
    expect(joined(events, 'reasoning')).toBe('Kenya capital.');
    expect(joined(events, 'content')).toBe('Nairobi.');
  });

  it('ends with an error event when the upstream fails mid-stream', async () => {
    fake.enqueue(
      {
        kind: 'mid-stream-error',
        before: 'Partial ',
        error: { message: 'Rate limit reached for requests', code: 429 },
      },
      { kind: 'mid-stream-error', before: 'Partial ', error: 'Model crashed' },
    );
    const rateLimited = parseEvents((await post({ messages: [user('hi')], stream: true })).body);
    // An R1 model's output starts inside its think block, so the partial text is reasoning.
    expect(joined(rateLimited, 'reasoning')).toBe('Partial ');
    expect(rateLimited.at(-1)).toEqual({ type: 'error', detail: CHAT_ERRORS.RATE_LIMIT, code: 'RATE_LIMIT' });
    const crashed = parseEvents((await post({ messages: [user('hi')], stream: true })).body);
    expect(crashed.at(-1)).toEqual({ type: 'error', detail: 'Model crashed', code: 'CHAT_ERROR' });
  });

  it('answers a failure before the first event with its HTTP status, not a stream', async () => {
    fake.enqueue({ kind: 'status', status: 401, body: { error: 'Invalid username or password.' } });
    const response = await post({ messages: [user('hi')], stream: true });
    expect(response.statusCode).toBe(502);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ detail: LOOPBACK_AUTH_ERROR, code: 'AUTH_ERROR' });
  });

  it('cancels the upstream request when the client disconnects', async () => {
    await withTestApp({ SEMA_CHAT_BASE_URL: fake.baseUrl, SEMA_CHAT_API_KEY: KEY }, async (server) => {
      fake.enqueue({ kind: 'slow', intervalMs: 50 });
      const disconnected = fake.nextDisconnect();
      const { first, leave } = await openStream(server, '/api/v1/chat', {
        messages: [user('tell me a long story')],
        stream: true,
      });
      expect(first).toContain('"text":"word0 "');
      leave();
      const started = Date.now();
      await disconnected;
      expect(Date.now() - started).toBeLessThan(2000);
      expect(fake.requests).toHaveLength(1);
    });
  });
});

describe('chat without a provider', () => {
  it('answers 503 saying how to configure chat, and /status reports it', async () => {
    await withTestApp({ SEMA_CHAT_PROVIDER: 'none' }, async (off) => {
      const response = await postJson(off, '/api/v1/chat', { messages: [user('x')], stream: true });
      expect(response.statusCode).toBe(503);
      const body = response.json<{ detail: string; code: string }>();
      expect(body.code).toBe('CHAT_NOT_CONFIGURED');
      expect(body.detail).toMatch(
        /^Chat is not configured: SEMA_CHAT_PROVIDER is none\. To enable it, set SEMA_CHAT_API_KEY \(or HF_TOKEN\)/,
      );
      const status = (await off.inject({ method: 'GET', url: '/status' })).json<StatusResponse>();
      expect(status.engines.chat).toMatchObject({ state: 'disabled', provider: 'none' });
      expect(status.engines.chat.detail).toContain('SEMA_CHAT_LOCAL_MODEL');
    });
  });

  it('refuses the Hugging Face router without a key instead of sending an anonymous request', async () => {
    await withTestApp({ SEMA_CHAT_PROVIDER: 'openai' }, async (keyless) => {
      const response = await postJson(keyless, '/api/v1/chat', { messages: [user('x')] });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ detail: string }>().detail).toContain('no API key for the Hugging Face router');
      const status = (await keyless.inject({ method: 'GET', url: '/status' })).json<StatusResponse>();
      expect(status.engines.chat.state).toBe('disabled');
    });
  });
});

describe('chat with the local provider (tiny GGUF, no key configured)', () => {
  it('is the default without a key, warms a model file up at start, and streams its answer', async () => {
    const fixture = fileURLToPath(new URL('../../../../../test/fixtures/tiny-chat.gguf', import.meta.url));
    await withTestApp({ SEMA_CHAT_LOCAL_MODEL: fixture, SEMA_CHAT_THREADS: '1' }, async (local) => {
      const status = await waitFor(
        async () => {
          const read = (await local.inject({ method: 'GET', url: '/status' })).json<StatusResponse>();
          return read.engines.chat?.state !== 'loading' && read;
        },
        // Loading node-llama-cpp takes seconds on a busy 2-core machine.
        { timeout: 60_000, what: 'the local chat model to load' },
      );
      expect(status.engines.chat).toEqual({ state: 'ready', provider: 'local', model: 'tiny-chat.gguf' });
      const response = await postJson(local, '/api/v1/chat', {
        messages: [user('Habari?')],
        stream: true,
        max_tokens: 50,
      });
      expect(response.statusCode).toBe(200);
      const events = parseEvents(response.body);
      expect(joined(events, 'reasoning')).toBe('Brief thought');
      expect(joined(events, 'content')).toBe('Hello from Sema.');
      expect(events.at(-1)).toMatchObject({ type: 'done', model: 'tiny-chat.gguf' });
    });
  }, 90_000);
});

describe('chat metrics', () => {
  it('counts requests by outcome and tokens, and times the first event', async () => {
    fake.enqueue(
      { kind: 'answer', content: 'Counted.', tokens: 11 },
      { kind: 'status', status: 429, body: { error: 'slow down' } },
    );
    await post({ messages: [user('a')], stream: true });
    await post({ messages: [user('b')] });
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/sema_chat_requests_total\{provider="openai",outcome="ok"\} [1-9]/);
    expect(metrics).toMatch(/sema_chat_requests_total\{provider="openai",outcome="RATE_LIMIT"\} [1-9]/);
    expect(metrics).toMatch(/sema_chat_tokens_total\{provider="openai"\} [1-9]/);
    expect(metrics).toMatch(/sema_chat_first_event_seconds_count\{provider="openai"\} [1-9]/);
  });
});
