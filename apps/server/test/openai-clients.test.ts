/**
 * What OpenAI clients meet on day one, driven over real HTTP by the real clients from npm, unchanged:
 * `openai` 6.49 and 7.59, the AI SDK's OpenAI provider (its default, the Responses API, and `.chat()`), and
 * LangChain's ChatOpenAI with and without the Responses API; the fake OpenAI upstream behind Sema and
 * the tiny translation model in between. Each test names the defect it guards against.
 */
import OpenAI from 'openai';
import OpenAI7 from 'openai-7';
import { createOpenAI } from '@ai-sdk/openai';
import { ChatOpenAI } from '@langchain/openai';
import { generateText, streamText } from 'ai';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@sema/testkit/sema';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { listenTestApp } from './build-test-app.ts';
import { openAiSurfaceWithFakeChat } from './fake-chat-app.ts';
import { chatThrough, SWAHILI_MESSAGE, UPSTREAM_MODEL, type FakeOpenAi } from './fake-openai.ts';

const MODEL = UPSTREAM_MODEL;
const TRANSLATED = `sema-translated/${MODEL}`;
const SWAHILI = SWAHILI_MESSAGE;
const ANSWER = 'Nairobi is the capital of Kenya.';
/** Small limits, so that a long message is cheap to translate: one text 300 characters, a chat turn 2,000. */
const TEXT_LIMIT = 300;
const CHAT_LIMIT = 2_000;

let fake: FakeOpenAi;
let app: App;
let base: string;

openAiSurfaceWithFakeChat(
  { SEMA_MAX_TEXT_CHARS: String(TEXT_LIMIT), SEMA_CHAT_MAX_INPUT_CHARS: String(CHAT_LIMIT) },
  (started, served, url) => {
    fake = started;
    app = served;
    base = url;
  },
);

const openai = () => new OpenAI({ baseURL: base, apiKey: 'not-needed', maxRetries: 0 });
const openai7 = () => new OpenAI7({ baseURL: base, apiKey: 'not-needed', maxRetries: 0 });
const aiSdk = () => createOpenAI({ baseURL: base, apiKey: 'not-needed' });
const swahili = (text: string) => app.translation.translate({ text, source: 'eng_Latn', target: 'swh_Latn' });
const sent = (index = 0) => fake.requests[index]!.body;

describe('finish_reason comes from the upstream, in both chat APIs and all four modes', () => {
  for (const model of [TRANSLATED, MODEL]) {
    it(`chat completions, ${model === MODEL ? 'untranslated' : 'translated'}: a cut-off answer says length`, async () => {
      fake.setDefault({ kind: 'answer', content: ANSWER, finishReason: 'length' });
      const whole = await openai().chat.completions.create({
        model,
        messages: [{ role: 'user', content: SWAHILI }],
      });
      expect(whole.choices[0]!.finish_reason).toBe('length');
      const stream = await openai7().chat.completions.create({
        model,
        messages: [{ role: 'user', content: SWAHILI }],
        stream: true,
      });
      const reasons: Array<string | null> = [];
      for await (const chunk of stream) reasons.push(chunk.choices[0]?.finish_reason ?? null);
      expect(reasons.filter(Boolean)).toEqual(['length']);
    });
  }

  it('/api/v1/chat/translated, whole and streamed', async () => {
    fake.setDefault({ kind: 'answer', content: ANSWER, finishReason: 'content_filter' });
    const payload = { messages: [{ role: 'user', content: SWAHILI }] };
    const whole = await app.inject({ method: 'POST', url: '/api/v1/chat/translated', payload });
    expect(whole.json()).toMatchObject({ finish_reason: 'content_filter' });
    const streamed = await app.inject({
      method: 'POST',
      url: '/api/v1/chat/translated',
      payload: { ...payload, stream: true },
    });
    const done = streamed.body
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { type: string })
      .find((event) => event.type === 'done');
    expect(done).toMatchObject({ finish_reason: 'content_filter' });
  });

  it('the AI SDK (.chat() and the default Responses provider) reports length', async () => {
    fake.setDefault({ kind: 'answer', content: ANSWER, finishReason: 'length' });
    const chat = await generateText({ model: aiSdk().chat(MODEL), prompt: 'Hi there', maxRetries: 0 });
    expect(chat.finishReason).toBe('length');
    const responses = await generateText({ model: aiSdk()(MODEL), prompt: 'Hi there', maxRetries: 0 });
    expect(responses.finishReason).toBe('length');
  });
});

describe('what is sent upstream is what the client sent', () => {
  it('no max_tokens or temperature when the client set none, translated or not', async () => {
    for (const model of [TRANSLATED, MODEL]) {
      await openai().chat.completions.create({ model, messages: [{ role: 'user', content: SWAHILI }] });
    }
    for (const body of [sent(0), sent(1)]) {
      expect(body).not.toHaveProperty('max_tokens');
      expect(body).not.toHaveProperty('temperature');
    }
  });

  it('reasoning_effort and user are passed on', async () => {
    await openai().chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Hi there' }],
      reasoning_effort: 'low',
      user: 'user-7',
    });
    expect(sent()).toMatchObject({ reasoning_effort: 'low', user: 'user-7' });
  });

  it('usage splits prompt and completion tokens as the upstream counted them', async () => {
    fake.setDefault({ kind: 'answer', content: ANSWER, tokens: 42 });
    const whole = await openai().chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(whole.usage).toMatchObject({ prompt_tokens: 32, completion_tokens: 10, total_tokens: 42 });
    const stream = await openai().chat.completions.create({
      model: TRANSLATED,
      messages: [{ role: 'user', content: SWAHILI }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let usage: unknown;
    for await (const chunk of stream) usage = chunk.usage ?? usage;
    expect(usage).toMatchObject({ prompt_tokens: 32, completion_tokens: 10, total_tokens: 42 });
  });

  it('an unknown model is model_not_found, on both APIs', async () => {
    const chat = await openai()
      .chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((error: unknown) => error);
    expect(chat).toMatchObject({ status: 404, code: 'model_not_found', param: 'model' });
    const responses = await openai()
      .responses.create({ model: 'gpt-4o', input: 'Hi' })
      .catch((error: unknown) => error);
    expect(responses).toMatchObject({ status: 404, code: 'model_not_found' });
  });
});

describe('one limit for a chat turn, whatever its language', () => {
  // Longer than one text may be (TEXT_LIMIT), shorter than a chat turn may be (CHAT_LIMIT).
  const long = Array.from({ length: 6 }, () => SWAHILI).join(' ');

  it('a Swahili message over the text limit is answered, on both chat APIs', async () => {
    expect(long.length).toBeGreaterThan(TEXT_LIMIT);
    const completion = await openai().chat.completions.create({
      model: TRANSLATED,
      messages: [{ role: 'user', content: long }],
    });
    expect(completion.choices[0]!.message.content).toBeTruthy();
    const ours = await app.inject({
      method: 'POST',
      url: '/api/v1/chat/translated',
      payload: { messages: [{ role: 'user', content: long }] },
    });
    expect(ours.statusCode).toBe(200);
  });

  it('past the chat limit, Swahili and English alike are refused as context_length_exceeded', async () => {
    const english = 'Tell me about Nairobi. '.repeat(100);
    const swahiliTurn = Array.from({ length: 20 }, () => SWAHILI).join(' ');
    for (const content of [english, swahiliTurn]) {
      expect(content.length).toBeGreaterThan(CHAT_LIMIT);
      const refused = await openai()
        .chat.completions.create({ model: TRANSLATED, messages: [{ role: 'user', content }] })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 400, code: 'context_length_exceeded' });
      expect((refused as Error).message).toMatch(`the limit is ${CHAT_LIMIT}`);
      const ours = await app.inject({
        method: 'POST',
        url: '/api/v1/chat/translated',
        payload: { messages: [{ role: 'user', content }] },
      });
      expect(ours.statusCode).toBe(413);
      expect(ours.json().code).toBe('TEXT_TOO_LONG');
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the language of a turn', () => {
  it('a short follow-up after a Swahili exchange stays in Swahili', async () => {
    const completion = await openai().chat.completions.create({
      model: TRANSLATED,
      messages: [
        { role: 'user', content: SWAHILI },
        { role: 'assistant', content: await swahili(ANSWER) },
        { role: 'user', content: 'ok, thanks' },
      ],
    });
    const sema = (completion as unknown as { sema: { language: string; language_source: string } }).sema;
    expect(sema).toMatchObject({ language: 'swh_Latn', language_source: 'previous-turn' });
  });

  it("Open WebUI's title prompt keeps its English instructions and translates the Swahili conversation", async () => {
    // The shape of Open WebUI's DEFAULT_TITLE_GENERATION_PROMPT_TEMPLATE (backend/open_webui/config.py),
    // with {{MESSAGES:END:2}} rendered as its "USER: …" / "ASSISTANT: …" lines.
    const instructions = [
      '### Task:',
      'Generate a concise, 3-5 word title with an emoji summarizing the chat history.',
      '### Guidelines:',
      '- The title should clearly represent the main theme or subject of the conversation.',
      "- Write the title in the chat's primary language; default to English if multilingual.",
      '### Output:',
      'JSON format: { "title": "your concise title here" }',
      '### Chat History:',
      '<chat_history>',
    ];
    const prompt = [...instructions, `USER: ${SWAHILI}`, `ASSISTANT: ${SWAHILI}`, '</chat_history>'].join(
      '\n',
    );
    await openai().chat.completions.create({
      model: TRANSLATED,
      messages: [{ role: 'user', content: prompt }],
    });
    const asked = sent().messages!.at(-1)!.content;
    expect(asked.startsWith(`${instructions.join('\n')}\n`)).toBe(true);
    expect(asked.endsWith('\n</chat_history>')).toBe(true);
    expect(asked).not.toContain('Watu wote wamezaliwa');
  });
});

describe('the Responses API at /v1/responses', () => {
  it('the openai package: input as a string with instructions, whole, translated', async () => {
    fake.setDefault({ kind: 'answer', content: ANSWER, tokens: 30 });
    const response = await openai().responses.create({
      model: TRANSLATED,
      input: SWAHILI,
      instructions: 'Be brief.',
    });
    expect(response.output_text).toBe(await swahili(ANSWER));
    expect(response.status).toBe('completed');
    expect(response.usage).toMatchObject({ input_tokens: 20, output_tokens: 10, total_tokens: 30 });
    expect(sent().messages![0]).toEqual({ role: 'system', content: 'Be brief.' });
  });

  it('openai 7: messages as input, streamed with typed events, untranslated', async () => {
    fake.setDefault({ kind: 'answer', content: ANSWER, delayMs: 2 });
    const stream = await openai7().responses.create({
      model: MODEL,
      input: [
        { role: 'developer', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'input_text', text: 'What is the capital of Kenya?' }] },
      ],
      max_output_tokens: 64,
      stream: true,
    });
    const types: string[] = [];
    let text = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
    }
    expect(text).toBe(ANSWER);
    expect(types.slice(0, 2)).toEqual(['response.created', 'response.in_progress']);
    expect(types.at(-1)).toBe('response.completed');
    expect(sent()).toMatchObject({
      max_tokens: 64,
      messages: [{ role: 'system', content: 'Be brief.' }, {}],
    });
  });

  it('a model that reasons: responses.stream() with reasoning.summary gets the reasoning item and its summary events', async () => {
    const REASONING = 'The user asks about Kenya. Its capital is Nairobi.';
    fake.setDefault({ kind: 'answer', content: ANSWER, reasoning: REASONING, delayMs: 2 });
    const stream = openai7().responses.stream({
      model: MODEL,
      input: 'What is the capital of Kenya?',
      reasoning: { effort: 'low', summary: 'auto' },
    });
    const types: string[] = [];
    let summary = '';
    let text = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.reasoning_summary_text.delta') summary += event.delta;
      if (event.type === 'response.output_text.delta') text += event.delta;
    }
    const final = await stream.finalResponse();
    expect(summary).toBe(REASONING);
    expect(text).toBe(ANSWER);
    // The reasoning comes first, whole, before the answer begins.
    expect(
      types.filter(
        (type) => type.includes('reasoning_summary_part') || type.startsWith('response.output_item'),
      ),
    ).toEqual([
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.output_item.done',
    ]);
    expect(types).toContain('response.reasoning_summary_text.done');
    expect(final.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    expect(final.output[0]).toMatchObject({
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: REASONING }],
    });
    expect(final.output_text).toBe(ANSWER);
    // The setting is echoed, and passed on as the upstream's reasoning_effort.
    expect(final.reasoning).toEqual({ effort: 'low', summary: 'auto' });
    expect(sent()).toMatchObject({ reasoning_effort: 'low' });

    // Whole, and without a summary asked for: the reasoning is the item's reasoning_text content.
    const whole = await openai().responses.create({ model: TRANSLATED, input: SWAHILI });
    expect(whole.output[0]).toMatchObject({
      type: 'reasoning',
      summary: [],
      content: [{ type: 'reasoning_text', text: REASONING }],
    });
    expect(whole.output_text).toBe(await swahili(ANSWER));
    expect(whole.reasoning).toEqual({ effort: null, summary: null });
    const streamed = await openai().responses.create({ model: MODEL, input: 'Hi', stream: true });
    let raw = '';
    for await (const event of streamed)
      if (event.type === 'response.reasoning_text.delta') raw += event.delta;
    expect(raw).toBe(REASONING);
  });

  it('a cut-off answer is incomplete, with max_output_tokens as the reason', async () => {
    fake.setDefault({ kind: 'answer', content: ANSWER, finishReason: 'length' });
    const response = await openai().responses.create({ model: MODEL, input: 'Hi there' });
    expect(response.status).toBe('incomplete');
    expect(response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
  });

  it("the AI SDK's default provider generates and streams, translated", async () => {
    fake.setDefault({ kind: 'answer', content: ANSWER, delayMs: 2 });
    const expected = await swahili(ANSWER);
    const generated = await generateText({ model: aiSdk()(TRANSLATED), prompt: SWAHILI, maxRetries: 0 });
    expect(generated.text).toBe(expected);
    const streamed = streamText({
      model: aiSdk()(TRANSLATED),
      system: 'Be brief.',
      prompt: SWAHILI,
      maxRetries: 0,
    });
    let text = '';
    for await (const piece of streamed.textStream) text += piece;
    expect(text).toBe(expected);
    expect(await streamed.finishReason).toBe('stop');
  });

  it("LangChain's ChatOpenAI with and without the Responses API", async () => {
    fake.setDefault({ kind: 'answer', content: ANSWER, delayMs: 2 });
    for (const useResponsesApi of [true, false]) {
      const model = new ChatOpenAI({
        model: MODEL,
        apiKey: 'not-needed',
        configuration: { baseURL: base },
        useResponsesApi,
        maxRetries: 0,
      });
      const whole = await model.invoke([
        ['system', 'Be brief.'],
        ['human', 'What is the capital of Kenya?'],
      ]);
      expect(whole.text).toBe(ANSWER);
      let streamed = '';
      for await (const chunk of await model.stream('What is the capital of Kenya?')) streamed += chunk.text;
      expect(streamed).toBe(ANSWER);
    }
  });

  it('refuses what it does not serve in its error shape', async () => {
    const tools = await openai()
      .responses.create({
        model: MODEL,
        input: 'Hi',
        tools: [{ type: 'function', name: 'x', parameters: {}, strict: false }],
      })
      .catch((error: unknown) => error);
    expect(tools).toMatchObject({ status: 400, param: 'tools', code: 'invalid_request' });
    const invalid = await fetch(`${base}/responses`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: MODEL }),
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: unknown }).error).toMatchObject({
      type: 'invalid_request_error',
      message: 'input is required',
    });
  });
});

describe('with API keys on, a key is the client', () => {
  it('counts chats at once per key, not per address, and says so', async () => {
    const keyed = await listenTestApp({
      ...chatThrough(fake),
      SEMA_API_KEYS: 'sk-chat-app-one,sk-chat-app-two',
      SEMA_MAX_CHATS_PER_CLIENT: '1',
    });
    try {
      const client = (apiKey: string) => new OpenAI({ baseURL: `${keyed.base}/v1`, apiKey, maxRetries: 0 });
      // The first key's one chat is running (the upstream writes until the client leaves) …
      fake.enqueue({ kind: 'slow', intervalMs: 20 });
      const running = await client('sk-chat-app-one').chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'Write forever' }],
        stream: true,
      });
      const reading = running[Symbol.asyncIterator]();
      await reading.next();
      // … the second key, from the same address, still chats …
      const other = await client('sk-chat-app-two').chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'Hi there' }],
      });
      expect(other.choices[0]!.message.content).toBeTruthy();
      // … and the first key's second chat is refused, naming the key.
      const refused = await client('sk-chat-app-one')
        .chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Hi there' }] })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 429 });
      expect((refused as Error).message).toMatch(/at once with your API key \(the limit is 1\)/);
      running.controller.abort();
    } finally {
      await keyed.app.close();
    }
  });
});

describe('the client versions', () => {
  it('are the ones the README says were tested', () => {
    // Read from the files npm installed (not every package exports its package.json).
    const version = (name: string) =>
      (
        JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as {
          version: string;
        }
      ).version;
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const minor = (name: string) => version(name).split('.').slice(0, 2).join('.');
    expect(readme).toContain(`\`openai\` ${minor('openai')} and ${minor('openai-7')}`);
    expect(readme).toContain(`\`@langchain/openai\` ${minor('@langchain/openai')}`);
    expect(readme).toContain(`\`deepl-node\` ${version('deepl-node')}`);
  });
});
