/**
 * Chat counts against a key's monthly budget on every chat surface, with no path around it: a turn
 * costs the characters of the conversation it sends (checked before any work) plus the answer it
 * receives, and a key at its limit gets a 429 in each protocol's shape while the model is never
 * asked. Real app, real `openai` client, fake upstream over real HTTP.
 */
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { listenOn } from './build-test-app.ts';
import { withFakeChat } from './fake-chat-app.ts';
import type { FakeOpenAi } from './fake-openai.ts';

const UPSTREAM_KEY = 'sk-upstream-0001';
const KEY = 'budget-key-000001';
const LIMIT = 400;
const ANSWER = 'Nairobi is the capital of Kenya.';
const QUESTION = 'What is the capital of Kenya? « & <b> # »';

let fake: FakeOpenAi;
let app: App;
let base: string;

withFakeChat(
  UPSTREAM_KEY,
  { SEMA_API_KEYS: `${KEY}:${LIMIT}`, SEMA_CHAT_MODEL: 'meta-llama/Llama-3.1-8B-Instruct' },
  (started, chatting) => {
    fake = started;
    app = chatting;
  },
);

const auth = { authorization: `Bearer ${KEY}` };
const usage = async () =>
  (await app.inject({ url: '/v2/usage', headers: { authorization: `DeepL-Auth-Key ${KEY}` } })).json()
    .character_count as number;
const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: auth, payload });
const conversation = [{ role: 'user' as const, content: QUESTION }];

describe('chat under an API key', () => {
  it('counts a turn: the conversation it sends and the answer it receives', async () => {
    fake.setDefault({ kind: 'answer', content: ANSWER, tokens: 20 });
    const before = await usage();
    const plain = await post('/api/v1/chat', { messages: conversation });
    expect(plain.statusCode).toBe(200);
    expect(await usage()).toBe(before + QUESTION.length + ANSWER.length);

    // Streamed, through the real OpenAI client: counted the same once the stream ends.
    ({ base } = await listenOn(app));
    const client = new OpenAI({ apiKey: KEY, baseURL: `${base}/v1` });
    const afterPlain = await usage();
    const stream = await client.chat.completions.create({
      model: 'meta-llama/Llama-3.1-8B-Instruct',
      messages: conversation,
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(ANSWER);
    expect(await usage()).toBe(afterPlain + QUESTION.length + ANSWER.length);

    // The Responses API counts the same, whole and streamed (instructions are part of the conversation).
    const afterChat = await usage();
    const whole = await client.responses.create({
      model: 'meta-llama/Llama-3.1-8B-Instruct',
      input: QUESTION,
    });
    expect(whole.output_text).toBe(ANSWER);
    expect(await usage()).toBe(afterChat + QUESTION.length + ANSWER.length);
    const afterWhole = await usage();
    const events = await client.responses.create({
      model: 'meta-llama/Llama-3.1-8B-Instruct',
      input: QUESTION,
      stream: true,
    });
    for await (const _event of events) {
      // read to the end
    }
    expect(await usage()).toBe(afterWhole + QUESTION.length + ANSWER.length);
  });

  it('refuses every chat surface once the key is at its limit, without asking the model', async () => {
    // Spend what is left of the month on a translation, to the last character.
    const left = LIMIT - (await usage());
    expect(left).toBeGreaterThan(0);
    const spent = await post('/api/v1/translate', {
      text: 'a'.repeat(left),
      source_language: 'eng_Latn',
      target_language: 'fra_Latn',
    });
    expect(spent.statusCode).toBe(200);
    expect(await usage()).toBe(LIMIT);
    const asked = fake.requests.length;

    const ours = await post('/api/v1/chat', { messages: conversation });
    expect(ours.statusCode).toBe(429);
    expect(ours.json().code).toBe('QUOTA_EXCEEDED');
    const ourStream = await post('/api/v1/chat', { messages: conversation, stream: true });
    expect(ourStream.statusCode).toBe(429);
    const translated = await post('/api/v1/chat/translated', { messages: conversation });
    expect(translated.statusCode).toBe(429);
    expect(translated.json().code).toBe('QUOTA_EXCEEDED');
    for (const model of [
      'sema-translated/meta-llama/Llama-3.1-8B-Instruct',
      'meta-llama/Llama-3.1-8B-Instruct',
    ]) {
      for (const stream of [false, true]) {
        const openai = await post('/v1/chat/completions', { model, messages: conversation, stream });
        expect(openai.statusCode, `${model} stream=${stream}`).toBe(429);
        // OpenAI's own quota error, which its clients do not retry.
        expect(openai.json().error).toMatchObject({ type: 'insufficient_quota', code: 'insufficient_quota' });
        expect(openai.headers['x-should-retry']).toBe('false');
      }
    }
    for (const stream of [false, true]) {
      const responses = await post('/v1/responses', {
        model: 'meta-llama/Llama-3.1-8B-Instruct',
        input: QUESTION,
        stream,
      });
      expect(responses.statusCode, `/v1/responses stream=${stream}`).toBe(429);
      expect(responses.json().error).toMatchObject({
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      });
      expect(responses.headers['x-should-retry']).toBe('false');
    }
    // The real client, with its default retries (two more on a 429), sees OpenAI's quota error
    // after one request: the refusal says retrying cannot help.
    let sent = 0;
    const client = new OpenAI({
      apiKey: KEY,
      baseURL: `${base}/v1`,
      fetch: (url, init) => {
        sent += 1;
        return fetch(url, init);
      },
    });
    await expect(
      client.chat.completions.create({ model: 'meta-llama/Llama-3.1-8B-Instruct', messages: conversation }),
    ).rejects.toMatchObject({ status: 429, code: 'insufficient_quota', type: 'insufficient_quota' });
    expect(sent).toBe(1);

    expect(fake.requests.length).toBe(asked);
    expect(await usage()).toBe(LIMIT);
  });
});
