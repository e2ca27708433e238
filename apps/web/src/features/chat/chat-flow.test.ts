// @vitest-environment node
/**
 * The chat-mode flow against the real Sema server (tiny random-weight NLLB, real detector) and the
 * fake OpenAI-compatible upstream, both started in this process. The tiny model translates into
 * nonsense, but the same nonsense every time, so the test compares with what the server says.
 */
import { CHAT_SYSTEM_PROMPT } from '@sema/shared/api/chat';
import { CHAT_ERRORS, FLOW_ERRORS } from '@sema/shared/errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { setApiOrigin } from '@/lib/api-client';

import { apiFlow, runChatFlow } from './chat-flow';
import type { ChatReply } from './chat-reply';

/** The server's own test helpers, typed here by what this test uses (the web project does not typecheck the server). */
interface ServerApp {
  listen(options: { port: number; host: string }): Promise<string>;
  inject(options: { method: 'POST'; url: string; payload: object }): Promise<{ json<T>(): T }>;
  close(): Promise<void>;
  server: { closeAllConnections(): void };
}
interface FakeUpstream {
  baseUrl: string;
  requests: Array<{ body: { messages?: Array<{ role: string; content: string }> } }>;
  enqueue(...scenarios: object[]): void;
  reset(): void;
  close(): Promise<void>;
}

const serverDir = new URL('../../../../server/', import.meta.url).pathname;
const tinyNllb = `${serverDir}test/fixtures/tiny-nllb`;
const SWAHILI = 'Habari ya asubuhi, rafiki yangu. Unaweza kunisaidia kupika chakula cha jioni?';

let app: ServerApp;
let fake: FakeUpstream;

async function serverTranslate(text: string, source: string, target: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/translate',
    payload: { text, source_language: source, target_language: target },
  });
  return response.json<{ translated_text: string }>().translated_text;
}

function run(text: string, earlier: ChatReply[] = [], signal = new AbortController().signal) {
  const updates: ChatReply[] = [];
  const done = runChatFlow({ text, earlier, generationId: 'g', signal }, (reply) => updates.push(reply));
  return { updates, done };
}

beforeAll(async () => {
  const { startFakeOpenAi } = (await import(/* @vite-ignore */ `${serverDir}test/fake-openai.ts`)) as {
    startFakeOpenAi: () => Promise<FakeUpstream>;
  };
  const { buildTestApp } = (await import(/* @vite-ignore */ `${serverDir}test/build-test-app.ts`)) as {
    buildTestApp: (env: Record<string, string>) => Promise<ServerApp>;
  };
  fake = await startFakeOpenAi();
  // A model name without the R1 rule, so that an answer without think tags is all answer.
  app = await buildTestApp({
    SEMA_NLLB_MODEL: tinyNllb,
    SEMA_CHAT_BASE_URL: fake.baseUrl,
    SEMA_CHAT_API_KEY: 'test-key',
    SEMA_CHAT_MODEL: 'sema/test-model',
  });
  setApiOrigin(await app.listen({ port: 0, host: '127.0.0.1' }));
}, 60_000);
afterAll(async () => {
  // fetch (undici) keeps spare keep-alive connections that would hold the server open.
  app?.server.closeAllConnections();
  await app?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

describe('the chat-mode flow (spec part 7)', () => {
  it('detects Swahili, chats in English, and translates the answer back while it streams', async () => {
    const answer = 'Sure, I can help. First, wash the rice.\n\n- Boil **water**.\n- Add salt.';
    fake.enqueue({
      kind: 'answer',
      content: answer,
      reasoning: 'The user wants to cook.',
      delayMs: 15,
      tokens: 77,
    });
    const { updates, done } = run(SWAHILI);
    const reply = await done;

    const english = await serverTranslate(SWAHILI, 'swh_Latn', 'eng_Latn');
    expect(fake.requests[0]!.body.messages).toEqual([
      { role: 'system', content: CHAT_SYSTEM_PROMPT },
      { role: 'user', content: english },
    ]);
    expect(reply).toMatchObject({
      status: 'done',
      detectedLanguage: 'swh_Latn',
      translationUsed: true,
      english: answer,
    });
    expect(reply.reasoning).toBe('The user wants to cook.');
    expect(reply.thoughtMs).toBeGreaterThanOrEqual(0);

    // The answer back in Swahili keeps the Markdown structure; each sentence went through the API.
    const pieces = await Promise.all(
      ['Sure, I can help.', 'First, wash the rice.', 'Boil water.', 'Add salt.'].map((sentence) =>
        serverTranslate(sentence, 'eng_Latn', 'swh_Latn'),
      ),
    );
    expect(reply.translated).toBe(`${pieces[0]} ${pieces[1]}\n\n- ${pieces[2]}\n- ${pieces[3]}`);

    // It streamed: part of the translation was there while the English answer was still arriving.
    expect(
      updates.some(
        (update) => update.status === 'streaming' && update.translated !== '' && update.english !== answer,
      ),
    ).toBe(true);

    expect(reply.result).toEqual({
      userMessage: {
        original: SWAHILI,
        translated: english,
        detectedLanguage: 'swh_Latn',
        displayText: SWAHILI,
      },
      aiResponse: {
        original: answer,
        translated: reply.translated,
        targetLanguage: 'swh_Latn',
        displayText: reply.translated,
      },
      metadata: {
        model: 'sema/test-model',
        processingTime: expect.any(Number),
        tokens: 77,
        translationUsed: true,
        sourceLanguage: 'swh_Latn',
        targetLanguage: 'swh_Latn',
      },
    });
  });

  it('sends an English message as it is and does not translate the answer', async () => {
    fake.enqueue({ kind: 'answer', content: 'Nairobi is the capital.' });
    const reply = await run('What is the capital city of Kenya, please?').done;
    expect(fake.requests[0]!.body.messages!.at(-1)).toEqual({
      role: 'user',
      content: 'What is the capital city of Kenya, please?',
    });
    expect(reply).toMatchObject({
      status: 'done',
      translationUsed: false,
      translated: '',
      english: 'Nairobi is the capital.',
    });
    expect(reply.result?.aiResponse.displayText).toBe('Nairobi is the capital.');
  });

  it('remembers the conversation: earlier turns go along in English, without their reasoning', async () => {
    fake.enqueue(
      { kind: 'answer', content: '<think>plan</think>Jollof rice is a West African dish.' },
      { kind: 'answer', content: 'Yes.' },
    );
    const first = await run('Tell me about jollof rice, my good friend.').done;
    expect(first.english).toBe('Jollof rice is a West African dish.');
    await run('Is it spicy?', [first]).done;
    expect(fake.requests[1]!.body.messages).toEqual([
      { role: 'system', content: CHAT_SYSTEM_PROMPT },
      { role: 'user', content: 'Tell me about jollof rice, my good friend.' },
      { role: 'assistant', content: 'Jollof rice is a West African dish.' },
      { role: 'user', content: 'Is it spicy?' },
    ]);
  });

  it("keeps the conversation's language when a short message is detected without confidence", async () => {
    fake.enqueue(
      { kind: 'answer', content: 'Sure.' },
      { kind: 'answer', content: 'Why did the chicken cross the road?' },
    );
    const first = await run('Please tell me a short story about the sea.').done;
    expect(first.detectedLanguage).toBe('eng_Latn');
    // On its own, "Tell me a joke" is detected as Hungarian with a confidence of about 0.2.
    const second = await run('Tell me a joke', [first]).done;
    expect(second).toMatchObject({
      detectedLanguage: 'eng_Latn',
      translationUsed: false,
      english: 'Why did the chicken cross the road?',
    });
    expect(fake.requests[1]!.body.messages!.at(-1)).toEqual({ role: 'user', content: 'Tell me a joke' });
  });

  it("reports an upstream 401 at the chat step with the spec's message", async () => {
    fake.enqueue({
      kind: 'status',
      status: 401,
      body: { error: 'Invalid credentials in Authorization header' },
    });
    const reply = await run('Please tell me a story about the sea.').done;
    expect(reply.status).toBe('error');
    expect(reply.error).toEqual({
      step: 'chat',
      message: FLOW_ERRORS.chat,
      detail: CHAT_ERRORS.AUTH_ERROR,
      code: 'AUTH_ERROR',
    });
  });

  it('keeps and translates what was written when the user stops', async () => {
    fake.enqueue({ kind: 'slow', intervalMs: 30 });
    const controller = new AbortController();
    const { updates, done } = run(SWAHILI, [], controller.signal);
    while (!updates.some((update) => update.english.length > 20))
      await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    const reply = await done;
    expect(reply.status).toBe('stopped');
    expect(reply.english).toMatch(/^word0 word1 /);
    expect(reply.translated).not.toBe('');
  });

  it('fails at the detection step when the server cannot be reached', async () => {
    const reply = await runChatFlow(
      {
        text: 'Hello there, how are you?',
        earlier: [],
        generationId: 'g',
        signal: new AbortController().signal,
      },
      () => {},
      { ...apiFlow, detect: () => Promise.reject(new TypeError('fetch failed')) },
    );
    expect(reply.error).toMatchObject({ step: 'detection', message: FLOW_ERRORS.detection });
  });
});
