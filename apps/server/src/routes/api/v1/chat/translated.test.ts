/**
 * Chat in the user's language as one request: the real app (tiny translation model, our detector)
 * against the fake OpenAI-compatible upstream over real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { createParser } from 'eventsource-parser';
import type { TranslatedChatEvent, TranslatedChatResponse } from '@sema/shared/api/translated-chat';
import type { App } from '../../../../app.ts';
import type { FakeOpenAi } from '../../../../../test/fake-openai.ts';
import { withFakeChat } from '../../../../../test/fake-chat-app.ts';
import { openStream } from '../../../../../test/stream-request.ts';
import { postJson, uploadForm } from '../../../../../test/build-test-app.ts';

const KEY = 'hf_test_key_123';
const SWAHILI =
  'Watu wote wamezaliwa huru, hadhi na haki zao ni sawa. Wote wamejaliwa akili na dhamiri, hivyo yapasa watendeane kindugu.';
const ANSWER =
  'Nairobi is the capital of Kenya. It is a large city.\n\n- It has a national park.\n- `code` stays.';

let fake: FakeOpenAi;
let app: App;

withFakeChat(
  KEY,
  {
    SEMA_CHAT_TIMEOUT_MS: '5000',
    // Not a reasoning model: its whole answer is content (an R1 model's would open in <think>).
    SEMA_CHAT_MODEL: 'meta-llama/Llama-3.1-8B-Instruct',
  },
  (started, chatting) => {
    fake = started;
    app = chatting;
  },
);

const post = (payload: object) => app.inject({ method: 'POST', url: '/api/v1/chat/translated', payload });
const toEnglish = (text: string) =>
  app.translation.translate({ text, source: 'swh_Latn', target: 'eng_Latn' });
const fromEnglish = (text: string) =>
  app.translation.translate({ text, source: 'eng_Latn', target: 'swh_Latn' });

function parseEvents(body: string): TranslatedChatEvent[] {
  const events: TranslatedChatEvent[] = [];
  const parser = createParser({
    onEvent: (event) => events.push(JSON.parse(event.data) as TranslatedChatEvent),
  });
  parser.feed(body);
  return events;
}

describe('POST /api/v1/chat/translated', () => {
  it("detects the language, asks the model in English, and answers in the user's language", async () => {
    fake.enqueue({ kind: 'answer', content: ANSWER, tokens: 40 });
    const response = await post({ messages: [{ role: 'user', content: SWAHILI }] });
    expect(response.statusCode).toBe(200);
    const body = response.json<TranslatedChatResponse>();
    expect(body).toMatchObject({ language: 'swh_Latn', language_source: 'detected', english: ANSWER });
    expect(body.confidence).toBeGreaterThan(0.5);
    // The model read the question in English: our translation of it, nothing else.
    expect(body.question_english).toBe(await toEnglish(SWAHILI));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.messages).toEqual([{ role: 'user', content: body.question_english }]);
    // The answer, unit by unit, in Swahili; inline code and list markers kept as they were.
    expect(body.translation_failed).toBe(false);
    expect(body.content).not.toBe(ANSWER);
    expect(body.content).toContain('`code`');
    expect(body.content).toContain('\n- ');
    expect(body.content.startsWith(await fromEnglish('Nairobi is the capital of Kenya.'))).toBe(true);
  });

  it('streams language, question, English deltas and translated units in order, then done', async () => {
    fake.enqueue({ kind: 'answer', content: ANSWER, delayMs: 5 });
    const response = await post({ messages: [{ role: 'user', content: SWAHILI }], stream: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/event-stream/);
    const events = parseEvents(response.body);
    expect(events.slice(0, 2).map((event) => event.type)).toEqual(['language', 'question']);
    const done = events.at(-1)!;
    if (done.type !== 'done') throw new Error(`the stream ended with ${done.type}`);
    const english = events.flatMap((event) => (event.type === 'english' ? [event.text] : [])).join('');
    const translated = events.flatMap((event) => (event.type === 'translation' ? [event.text] : [])).join('');
    expect(english).toBe(ANSWER);
    expect(translated).toBe(done.content);
    expect(done.english).toBe(ANSWER);
    // The first unit left before the model had finished writing.
    const firstTranslation = events.findIndex((event) => event.type === 'translation');
    const lastEnglish = events.findLastIndex((event) => event.type === 'english');
    expect(firstTranslation).toBeLessThan(lastEnglish);
    expect(done.timings.firstTranslation).toBeGreaterThanOrEqual(done.timings.question);
    expect(done.timings.total).toBeGreaterThanOrEqual(done.timings.firstTranslation!);
  });

  it('answers an English message without translating anything', async () => {
    fake.enqueue({ kind: 'answer', content: ANSWER });
    const question = 'What is the capital of Kenya? Please tell me about the city and its people.';
    const body = (
      await post({ messages: [{ role: 'user', content: question }] })
    ).json<TranslatedChatResponse>();
    expect(body).toMatchObject({ language: 'eng_Latn', content: ANSWER, question_english: question });
  });

  it('keeps the conversation language for a short message detected with little confidence', async () => {
    fake.enqueue({ kind: 'answer', content: 'Sure.' });
    const body = (
      await post({
        messages: [
          { role: 'user', content: SWAHILI },
          { role: 'assistant', content: 'Ndiyo.', english: 'Yes.' },
          { role: 'user', content: 'ok' },
        ],
      })
    ).json<TranslatedChatResponse>();
    expect(body).toMatchObject({ language: 'swh_Latn', language_source: 'previous-turn' });
  });

  it('takes a given language, and sends text without letters as English', async () => {
    fake.enqueue({ kind: 'answer', content: 'Four.' }, { kind: 'answer', content: 'Yes.' });
    const digits = (
      await post({ messages: [{ role: 'user', content: '2 + 2 = ?' }] })
    ).json<TranslatedChatResponse>();
    expect(digits).toMatchObject({ language: 'eng_Latn', language_source: 'no-letters', content: 'Four.' });
    const given = (
      await post({ messages: [{ role: 'user', content: 'Habari' }], language: 'sw' })
    ).json<TranslatedChatResponse>();
    expect(given).toMatchObject({ language: 'swh_Latn', language_source: 'given' });
    const unknown = await post({ messages: [{ role: 'user', content: 'Habari' }], language: 'xx_Yyyy' });
    expect(unknown.statusCode).toBe(422);
  });

  it('gives the model its own English for an earlier answer it wrote, not a re-translation', async () => {
    fake.enqueue({ kind: 'answer', content: ANSWER }, { kind: 'answer', content: 'Yes.' });
    const first = (
      await post({ messages: [{ role: 'user', content: SWAHILI }] })
    ).json<TranslatedChatResponse>();
    await post({
      messages: [
        { role: 'user', content: SWAHILI },
        { role: 'assistant', content: first.content },
        { role: 'user', content: SWAHILI },
      ],
    });
    const sent = fake.requests[1]!.body.messages as Array<{ role: string; content: string }>;
    expect(sent[1]).toEqual({ role: 'assistant', content: ANSWER });
  });

  it("puts a document's English before the question, and takes the conversation language it is told", async () => {
    fake.enqueue({ kind: 'answer', content: 'It is about rights.' });
    const body = (
      await post({
        messages: [{ role: 'user', content: 'ok?' }],
        conversation_language: 'swh_Latn',
        document: { name: 'notes.txt', english: 'All people are born free.' },
      })
    ).json<TranslatedChatResponse>();
    expect(body).toMatchObject({ language: 'swh_Latn', language_source: 'previous-turn' });
    const prompt = (fake.requests[0]!.body.messages as Array<{ content: string }>)[0]!.content;
    expect(prompt).toContain('"notes.txt"');
    expect(prompt).toContain('All people are born free.');
    expect(prompt).toContain(`Using the document, answer: ${body.question_english}`);
  });

  it('names a document by the reading the documents route kept, not by sending its text back', async () => {
    // As the web app reads a dropped file: streamed, plain text, in English.
    const read = await app.inject({
      method: 'POST',
      url: '/api/v1/translate/document?stream=1',
      payload: uploadForm('notes « été ».txt', `Tom's "café" & <b>bar</b> #1. ${SWAHILI}`, {
        source_language: 'swh_Latn',
        target_language: 'eng_Latn',
        output: 'text',
        max_chars: '6000',
      }),
    });
    const done = read.body
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; text?: string; reading_id?: string })
      .find((event) => event.type === 'done');
    expect(done?.reading_id).toMatch(/^[0-9a-f-]{36}$/);
    fake.enqueue({ kind: 'answer', content: 'It is about rights.' });
    const answered = await post({
      messages: [{ role: 'user', content: SWAHILI }],
      document: { id: done!.reading_id },
    });
    expect(answered.statusCode).toBe(200);
    const prompt = (fake.requests[0]!.body.messages as Array<{ content: string }>).at(-1)!.content;
    expect(prompt).toContain('"notes « été ».txt"');
    expect(prompt).toContain(done!.text!);

    const unknown = await post({
      messages: [{ role: 'user', content: SWAHILI }],
      document: { id: 'f0e1d2c3-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'DOCUMENT_NOT_FOUND' });
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps no reading of a document translated into another language, or returned as a file', async () => {
    const asJson = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/translate/document',
        headers: { accept: 'application/json' },
        payload: uploadForm('notes.txt', 'Good morning, everyone.', fields),
      });
    const english = await asJson({
      source_language: 'swh_Latn',
      target_language: 'eng_Latn',
      output: 'text',
    });
    expect(english.json()).toHaveProperty('reading_id');
    const french = await asJson({ source_language: 'eng_Latn', target_language: 'fra_Latn', output: 'text' });
    expect(french.statusCode).toBe(200);
    expect(french.json()).not.toHaveProperty('reading_id');
    const whole = await asJson({ source_language: 'swh_Latn', target_language: 'eng_Latn' });
    expect(whole.json()).not.toHaveProperty('reading_id');
  });

  it('applies a stored glossary in the direction it is made for, and refuses one for another pair', async () => {
    const created = await postJson(app, '/api/v1/glossaries', {
      name: 'Places',
      source_language: 'eng_Latn',
      target_language: 'swh_Latn',
      entries: { Nairobi: 'NAIROBI-KE' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    fake.enqueue({ kind: 'answer', content: 'Nairobi is the capital of Kenya.' });
    const body = (
      await post({ messages: [{ role: 'user', content: SWAHILI }], glossary_id: id })
    ).json<TranslatedChatResponse>();
    expect(body.content).toContain('NAIROBI-KE');
    const wrong = await post({
      messages: [{ role: 'user', content: SWAHILI }],
      glossary_id: id,
      language: 'fra_Latn',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'GLOSSARY_MISMATCH' });
    const missing = await post({ messages: [{ role: 'user', content: SWAHILI }], glossary_id: 'nope' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the HTTP status of an upstream refusal before the answer starts', async () => {
    fake.enqueue({ kind: 'status', status: 401, body: { error: 'Invalid credentials' } });
    const response = await post({ messages: [{ role: 'user', content: SWAHILI }], stream: true });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'AUTH_ERROR' });
  });

  it('stops the model when the client disconnects', async () => {
    fake.enqueue({ kind: 'slow', intervalMs: 50 });
    const disconnected = fake.nextDisconnect();
    const { first, leave } = await openStream(app, '/api/v1/chat/translated', {
      messages: [{ role: 'user', content: SWAHILI }],
      stream: true,
    });
    expect(first).toContain('"type":"language"');
    leave();
    await disconnected;
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses a conversation that does not end with a user message', async () => {
    const response = await post({ messages: [{ role: 'assistant', content: 'Hi' }] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ detail: 'The last message must be from the user' });
  });
});
