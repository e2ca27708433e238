/**
 * A stop is a request of its own, not a client going away: the server stops the model, finishes
 * translating what it wrote, charges the turn once, and ends the stream with a final event marked
 * interrupted — through the real `openai` package (the Responses API's cancel, and a chat
 * completion stopped by its id) and through Sema's own events. Only the client that started a turn
 * can stop it. Real app, fake upstream over real HTTP that writes until it is stopped.
 */
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { listenOn } from './build-test-app.ts';
import { withFakeChat } from './fake-chat-app.ts';
import { SWAHILI_MESSAGE, UPSTREAM_KEY, UPSTREAM_MODEL, type FakeOpenAi } from './fake-openai.ts';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { stopChatStream } from './stop-chat-stream.ts';

const KEY = 'stopper-key-00001';
const OTHER = 'another-key-00002';
const QUESTION = 'What is the capital of Kenya?';

let fake: FakeOpenAi;
let app: App;

withFakeChat(
  UPSTREAM_KEY,
  { SEMA_API_KEYS: `${KEY},${OTHER}`, SEMA_CHAT_MODEL: UPSTREAM_MODEL },
  (started, chatting) => {
    fake = started;
    app = chatting;
  },
);

const usage = async () =>
  (await app.inject({ url: '/v2/usage', headers: { authorization: `DeepL-Auth-Key ${KEY}` } })).json()
    .character_count as number;

async function client(): Promise<{ openai: OpenAI; base: string }> {
  const { base } = app.server.listening
    ? { base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` }
    : await listenOn(app);
  return { openai: new OpenAI({ apiKey: KEY, baseURL: `${base}/v1`, maxRetries: 0 }), base };
}

/** The JSON events of a server-sent event stream, as they arrive. */
async function* readEvents<E>(response: Response): AsyncGenerator<E> {
  const messages = response
    .body!.pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  for await (const message of messages) yield JSON.parse(message.data) as E;
}

const stop = (base: string, id: string, key = KEY) =>
  fetch(`${base}/api/v1/chat/turns/${id}/stop`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
  });

describe('a stopped answer', () => {
  it('through the Responses API: cancel ends it cancelled, translated to the end, charged once', async () => {
    fake.setDefault({ kind: 'slow', intervalMs: 20, sentences: true });
    const { openai } = await client();
    const before = await usage();
    const stopped = fake.nextDisconnect();
    const events = await openai.responses.create({
      model: `sema-translated/${UPSTREAM_MODEL}`,
      input: SWAHILI_MESSAGE,
      stream: true,
    });
    let id = '';
    let text = '';
    let cancelled = false;
    let last:
      { type: string; response?: { status: string; output: { content: { text: string }[] }[] } } | undefined;
    for await (const event of events) {
      if (event.type === 'response.created') id = event.response.id;
      if (event.type === 'response.output_text.delta') {
        text += event.delta;
        if (!cancelled) {
          cancelled = true;
          await openai.responses.cancel(id);
        }
      }
      last = event as typeof last;
    }
    await stopped; // the model was stopped
    expect(cancelled).toBe(true);
    expect(last?.type).toBe('response.incomplete');
    expect(last?.response?.status).toBe('cancelled');
    expect(last?.response?.output[0]?.content[0]?.text).toBe(text);
    expect(text.length).toBeGreaterThan(0);
    // Charged once: the conversation, and the answer as delivered (no second translation of it).
    await expect.poll(usage).toBe(before + SWAHILI_MESSAGE.length + text.length);
  });

  it('through chat completions: a stop by its id ends it with a final chunk marked interrupted', async () => {
    fake.setDefault({ kind: 'slow', intervalMs: 20 });
    const { openai, base } = await client();
    const before = await usage();
    const { text, final } = await stopChatStream(openai, QUESTION, async (id) => {
      // Another client cannot stop it; its own can.
      expect((await stop(base, id, OTHER)).status).toBe(404);
      expect((await stop(base, id)).status).toBe(200);
    });
    expect(final?.sema?.interrupted).toBe(true);
    expect(text).toMatch(/^word0 /);
    await expect.poll(usage).toBe(before + QUESTION.length + text.length);
  });

  it("through Sema's events: the turn id comes first, and done says interrupted", async () => {
    fake.setDefault({ kind: 'slow', intervalMs: 20, sentences: true });
    const { base } = await client();
    const before = await usage();
    const response = await fetch(`${base}/api/v1/chat/translated`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: SWAHILI_MESSAGE }], stream: true }),
    });
    let translated = '';
    let done: { interrupted: boolean; content: string; english: string } | undefined;
    for await (const event of readEvents<{ type: string; turn_id?: string; text?: string }>(response)) {
      if (event.type === 'language') {
        expect(event.turn_id).toMatch(/^[0-9a-f]{32}$/);
        expect((await stop(base, event.turn_id!)).status).toBe(200);
      }
      if (event.type === 'translation') translated += event.text;
      if (event.type === 'done') done = event as unknown as typeof done;
    }
    expect(done?.interrupted).toBe(true);
    expect(done?.content).toBe(translated);
    await expect.poll(usage).toBe(before + SWAHILI_MESSAGE.length + translated.length);
    // Ended: stopping it again finds nothing.
    expect((await stop(base, 'f'.repeat(32))).status).toBe(404);
  });
});
