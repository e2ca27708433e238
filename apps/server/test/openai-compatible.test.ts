/**
 * The OpenAI-compatible surface at /v1, driven over real HTTP by real clients from npm: the official
 * `openai` package (streaming and not) and the Vercel AI SDK's OpenAI-compatible provider, with the
 * fake OpenAI upstream behind Sema and the tiny translation model in between.
 */
import OpenAI from 'openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, listenOn } from './build-test-app.ts';
import { openAiSurfaceWithFakeChat } from './fake-chat-app.ts';
import { chatThrough, SWAHILI_MESSAGE, UPSTREAM_MODEL, type FakeOpenAi } from './fake-openai.ts';

const MODEL = UPSTREAM_MODEL;
const TRANSLATED = `sema-translated/${MODEL}`;
const SWAHILI = SWAHILI_MESSAGE;
const ANSWER = 'Nairobi is the capital of Kenya. It is a large city with many people.';

let fake: FakeOpenAi;
let app: App;
let base: string;

async function listening(env: Record<string, string>): Promise<{ app: App; base: string }> {
  const started = await buildTestApp({ ...chatThrough(fake), ...env });
  return { app: started, base: `${(await listenOn(started)).base}/v1` };
}

openAiSurfaceWithFakeChat({}, (started, served, url) => {
  fake = started;
  app = served;
  base = url;
});

const translated = (text: string) =>
  app.translation.translate({ text, source: 'eng_Latn', target: 'swh_Latn' });
const client = () => new OpenAI({ baseURL: base, apiKey: 'not-needed', maxRetries: 0 });

describe('the openai package against /v1', () => {
  it('lists the translated and the plain model', async () => {
    const ids = [];
    for await (const model of client().models.list()) ids.push(model.id);
    expect(ids).toEqual([TRANSLATED, MODEL]);
  });

  it("answers in the user's language, with the English and the language in `sema`", async () => {
    fake.enqueue({ kind: 'answer', content: ANSWER, tokens: 31 });
    const completion = await client().chat.completions.create({
      model: TRANSLATED,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: SWAHILI },
      ],
    });
    const expected = [
      await translated('Nairobi is the capital of Kenya.'),
      await translated('It is a large city with many people.'),
    ];
    expect(completion.choices[0]!.message.content).toBe(expected.join(' '));
    expect(completion.model).toBe(TRANSLATED);
    const sema = (completion as unknown as { sema: Record<string, unknown> }).sema;
    expect(sema).toMatchObject({ language: 'swh_Latn', language_source: 'detected', english: ANSWER });
    // The system prompt went as it was; the question in English.
    const sent = fake.requests[0]!.body.messages as Array<{ role: string; content: string }>;
    expect(sent[0]).toEqual({ role: 'system', content: 'Be brief.' });
    expect(sent[1]!.content).toBe(
      await app.translation.translate({ text: SWAHILI, source: 'swh_Latn', target: 'eng_Latn' }),
    );
  });

  it('streams the translated answer as chunks, then [DONE]', async () => {
    fake.enqueue({ kind: 'answer', content: ANSWER, delayMs: 5 });
    const stream = await client().chat.completions.create({
      model: TRANSLATED,
      messages: [{ role: 'user', content: SWAHILI }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null | undefined;
    let chunks = 0;
    for await (const chunk of stream) {
      chunks++;
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(chunks).toBeGreaterThan(2);
    expect(finish).toBe('stop');
    expect(text).toBe(
      `${await translated('Nairobi is the capital of Kenya.')} ${await translated('It is a large city with many people.')}`,
    );
  });

  it('passes the plain model through untranslated, with temperature, max_tokens and stop', async () => {
    fake.enqueue({ kind: 'answer', content: 'As written.' });
    const completion = await client().chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: SWAHILI }],
      temperature: 0.2,
      max_tokens: 50,
      stop: ['\n\n'],
      top_p: 0.9,
    });
    expect(completion.choices[0]!.message.content).toBe('As written.');
    expect(fake.requests[0]!.body).toMatchObject({
      messages: [{ role: 'user', content: SWAHILI }],
      temperature: 0.2,
      max_tokens: 50,
      stop: ['\n\n'],
      top_p: 0.9,
    });
  });

  it('refuses an unknown model, tools and images in OpenAI’s error shape', async () => {
    const unknown = await client()
      .chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect((unknown as InstanceType<typeof OpenAI.NotFoundError>).message).toMatch(/gpt-4o/);
    const tools = await client()
      .chat.completions.create({
        model: TRANSLATED,
        messages: [{ role: 'user', content: 'Hi' }],
        tools: [{ type: 'function', function: { name: 'x', parameters: {} } }],
      })
      .catch((error: unknown) => error);
    expect(tools).toBeInstanceOf(OpenAI.BadRequestError);
    expect((tools as Error).message).toMatch(/Tools and function calls are not supported/);
    const image = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: TRANSLATED,
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x/y.png' } }] }],
      }),
    });
    expect(image.status).toBe(400);
    expect(await image.json()).toEqual({
      error: {
        message: 'messages[0].content: only text parts are supported on this server, not image_url',
        type: 'invalid_request_error',
        param: 'messages[0].content',
        code: 'invalid_request',
      },
    });
  });

  it('passes an upstream authentication failure on as an OpenAI error', async () => {
    fake.enqueue({ kind: 'status', status: 401, body: { error: 'bad key' } });
    const failed = await client()
      .chat.completions.create({
        model: TRANSLATED,
        messages: [{ role: 'user', content: SWAHILI }],
        stream: true,
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(OpenAI.APIError);
    expect((failed as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
  });
});

describe('the Vercel AI SDK (OpenAI-compatible provider) against /v1', () => {
  const provider = () => createOpenAICompatible({ name: 'sema', baseURL: base, apiKey: 'not-needed' });

  it('generates and streams a translated answer', async () => {
    fake.enqueue({ kind: 'answer', content: ANSWER }, { kind: 'answer', content: ANSWER, delayMs: 5 });
    const expected = `${await translated('Nairobi is the capital of Kenya.')} ${await translated('It is a large city with many people.')}`;
    const generated = await generateText({ model: provider()(TRANSLATED), prompt: SWAHILI, maxRetries: 0 });
    expect(generated.text).toBe(expected);
    const streamed = streamText({ model: provider()(TRANSLATED), prompt: SWAHILI, maxRetries: 0 });
    let text = '';
    for await (const piece of streamed.textStream) text += piece;
    expect(text).toBe(expected);
  });
});

describe('the OpenAI-compatible surface with API keys on', () => {
  it('needs a key like every other work route, and answers 401 in OpenAI’s shape', async () => {
    const keyed = await listening({ SEMA_API_KEYS: 'sk-sema-test' });
    try {
      const without = new OpenAI({ baseURL: keyed.base, apiKey: 'wrong', maxRetries: 0 });
      const refused = await without.chat.completions
        .create({ model: TRANSLATED, messages: [{ role: 'user', content: 'Hi' }] })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
      fake.enqueue({ kind: 'answer', content: 'Yes.' });
      const allowed = new OpenAI({ baseURL: keyed.base, apiKey: 'sk-sema-test', maxRetries: 0 });
      const answer = await allowed.chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'Hi there, how are you today?' }],
      });
      expect(answer.choices[0]!.message.content).toBe('Yes.');
    } finally {
      await keyed.app.close();
    }
  });
});
