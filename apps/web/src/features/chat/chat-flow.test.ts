// @vitest-environment node
/**
 * The chat-mode flow against the real Sema server (tiny random-weight NLLB, real detector) and the
 * fake OpenAI-compatible upstream, both started in this process. The tiny model translates into
 * nonsense, but the same nonsense every time, so the test compares with what the server says.
 */
import { CHAT_SYSTEM_PROMPT } from '@sema/shared/api/chat-prompt';
import { FLOW_ERRORS, authErrorMessage } from '@sema/shared/errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { startChatServers, type FakeUpstream, type ServerApp } from '@/testing/chat-servers';

import type { ChatTurnEvent } from './api/stream-chat';
import { apiFlow, runChatFlow, type ChatFlowInput } from './chat-flow';
import type { ChatReply } from './chat-reply';
import { DEFAULT_DOCUMENT_QUESTION, documentPrompt } from '@sema/shared/chat/document-context';
import type { DocumentInEnglish } from './document-reading';

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

function run(
  text: string,
  earlier: ChatReply[] = [],
  signal = new AbortController().signal,
  document?: ChatFlowInput['document'],
) {
  const updates: ChatReply[] = [];
  const done = runChatFlow(
    { text, earlier, generationId: 'g', signal, ...(document ? { document } : {}) },
    (reply) => updates.push(reply),
  );
  return { updates, done };
}

/** A dropped document as the documents API would give it, read once the reader is called. */
function documentOf(fileName: string, read: DocumentInEnglish | (() => Promise<DocumentInEnglish>)) {
  const calls: AbortSignal[] = [];
  return {
    calls,
    document: {
      fileName,
      read: async (signal: AbortSignal, onProgress: (progress: { done: number; total: number }) => void) => {
        calls.push(signal);
        onProgress({ done: 0, total: 10 });
        return typeof read === 'function' ? read() : read;
      },
    },
  };
}

let stop: () => Promise<void>;

beforeAll(async () => {
  ({ app, fake, stop } = await startChatServers());
}, 60_000);
afterAll(() => stop?.());
beforeEach(() => fake.reset());

/** The model's answers to the next turns, in order. */
const answers = (...contents: string[]) => contents.map((content) => ({ kind: 'answer' as const, content }));

describe('the chat-mode flow', () => {
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

  it.each([
    ['digits only', '2 + 2 = ?'],
    ['a script no catalogue language uses (Thaana)', 'ދިވެހިރާއްޖެ ކޮބާ؟'],
  ])('sends a message with no translatable language (%s) as it is, answered in English', async (_, text) => {
    fake.enqueue({ kind: 'answer', content: 'Here you are.' });
    const reply = await run(text).done;
    expect(fake.requests[0]!.body.messages!.at(-1)).toEqual({ role: 'user', content: text });
    expect(reply).toMatchObject({ status: 'done', translationUsed: false, english: 'Here you are.' });
  });

  it('remembers the conversation: earlier turns go along in English, without their reasoning', async () => {
    fake.enqueue(...answers('<think>plan</think>Jollof rice is a West African dish.', 'Yes.'));
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
    fake.enqueue(...answers('Sure.', 'Why did the chicken cross the road?'));
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

  it("reports an upstream 401 at the chat step in plain words, with the spec's message as the detail", async () => {
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
      detail: 'The assistant could not be reached from this server. Please try again later.',
      // The fake upstream is on loopback: no provider name to give.
      technical: `${authErrorMessage('chat provider')} (AUTH_ERROR)`,
      code: 'AUTH_ERROR',
    });
  });

  it('stops by asking the server, which ends the turn with what was written, translated', async () => {
    fake.enqueue({ kind: 'slow', intervalMs: 30 });
    const controller = new AbortController();
    const stops: string[] = [];
    const events: ChatTurnEvent[] = [];
    const api: typeof apiFlow = {
      turn: async function* (request, signal) {
        for await (const event of apiFlow.turn(request, signal)) {
          events.push(event);
          yield event;
        }
      },
      stop: (turnId) => {
        stops.push(turnId);
        return apiFlow.stop(turnId);
      },
    };
    const updates: ChatReply[] = [];
    const done = runChatFlow(
      { text: SWAHILI, earlier: [], generationId: 'g', signal: controller.signal },
      (reply) => updates.push(reply),
      api,
    );
    while (!updates.some((update) => update.english.length > 20))
      await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    const reply = await done;
    expect(reply.status).toBe('stopped');
    expect(reply.english).toMatch(/^word0 word1 /);
    // One stop request, by the turn's id; the stream itself ended with the server's final event.
    expect(stops).toEqual([(events[0] as { turn_id?: string }).turn_id]);
    const last = events.at(-1);
    expect(last).toMatchObject({ type: 'done', interrupted: true, english: reply.english });
    expect(reply.translated).toBe((last as { content: string }).content);
    expect(reply.translated).not.toBe('');
  });

  it('fails at the chat step when the server cannot be reached', async () => {
    const reply = await runChatFlow(
      {
        text: 'Hello there, how are you?',
        earlier: [],
        generationId: 'g',
        signal: new AbortController().signal,
      },
      () => {},
      {
        ...apiFlow,
        // eslint-disable-next-line require-yield
        turn: async function* () {
          throw new TypeError('fetch failed');
        },
      },
    );
    expect(reply.error).toMatchObject({ step: 'chat', message: FLOW_ERRORS.chat });
  });

  it('makes one request per turn: detection, both translations and the answer happen on the server', async () => {
    fake.enqueue({ kind: 'answer', content: 'Sure, I can help. First, wash the rice. Then boil it.' });
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      calls.push(String(input instanceof Request ? input.url : input));
      return realFetch(input, init);
    };
    try {
      const reply = await run(SWAHILI).done;
      expect(reply).toMatchObject({ status: 'done', detectedLanguage: 'swh_Latn', translationUsed: true });
      expect(reply.translated).not.toBe('');
    } finally {
      globalThis.fetch = realFetch;
    }
    // The server's own call to the model upstream runs in this process too: only the browser's count.
    const fromBrowser = calls.filter((url) => !url.startsWith(fake.baseUrl));
    expect(fromBrowser, fromBrowser.join('\n')).toHaveLength(1);
    expect(fromBrowser[0]).toMatch(/\/api\/v1\/chat\/translated$/);
  });
});

describe('the chat-mode flow with a dropped document', () => {
  const REPORT = 'The river rises every spring.\nThe village moves uphill in April.';

  it('reads the document first, then sends it with the Swahili question in one request, answered in Swahili', async () => {
    fake.enqueue({ kind: 'answer', content: 'The village moves in April.', reasoning: 'Look at line two.' });
    const order: string[] = [];
    const { document, calls } = documentOf('notes.txt', async () => {
      order.push('reading');
      return { english: REPORT, language: 'eng_Latn', truncated: false };
    });
    const api: typeof apiFlow = {
      ...apiFlow,
      turn: (request, signal) => {
        order.push('turn');
        return apiFlow.turn(request, signal);
      },
    };
    const updates: ChatReply[] = [];
    const reply = await runChatFlow(
      { text: SWAHILI, earlier: [], generationId: 'g', signal: new AbortController().signal, document },
      (update) => updates.push(update),
      api,
    );

    expect(calls).toHaveLength(1);
    expect(order).toEqual(['reading', 'turn']);
    // The reply knows its document (and shows how far the reading got) before the document is read.
    expect(updates[0]!.document).toEqual({ fileName: 'notes.txt', progress: { done: 0, total: 10 } });

    const english = await serverTranslate(SWAHILI, 'swh_Latn', 'eng_Latn');
    expect(fake.requests[0]!.body.messages).toEqual([
      { role: 'system', content: CHAT_SYSTEM_PROMPT },
      {
        role: 'user',
        content: documentPrompt({ fileName: 'notes.txt', english: REPORT, truncated: false }, english),
      },
    ]);
    expect(reply).toMatchObject({
      status: 'done',
      detectedLanguage: 'swh_Latn',
      translationUsed: true,
      question: { original: SWAHILI, english },
      document: { fileName: 'notes.txt', english: REPORT, language: 'eng_Latn', truncated: false },
      reasoning: 'Look at line two.',
      english: 'The village moves in April.',
      translated: await serverTranslate('The village moves in April.', 'eng_Latn', 'swh_Latn'),
    });
  });

  it("names the server's reading of the document in the turn instead of sending its text back", async () => {
    fake.enqueue({ kind: 'answer', content: 'The village moves in April.' });
    // Read by the real documents route, as the app's reader does: the server keeps what it read.
    const form = new FormData();
    for (const [name, value] of Object.entries({
      source_language: 'eng_Latn',
      target_language: 'eng_Latn',
      output: 'text',
    }))
      form.append(name, value);
    form.append('file', new Blob([REPORT]), 'notes.txt');
    const read = await app.inject({
      method: 'POST',
      url: '/api/v1/translate/document',
      headers: { accept: 'application/json' },
      payload: form,
    });
    const { text, reading_id } = read.json<{ text: string; reading_id: string }>();
    expect(reading_id).toBeTruthy();
    const { document } = documentOf('notes.txt', {
      english: text,
      language: 'eng_Latn',
      truncated: false,
      readingId: reading_id,
    });
    const sent: unknown[] = [];
    const api: typeof apiFlow = {
      ...apiFlow,
      turn: (request, signal) => {
        sent.push(request.document);
        return apiFlow.turn(request, signal);
      },
    };
    const reply = await runChatFlow(
      { text: SWAHILI, earlier: [], generationId: 'g', signal: new AbortController().signal, document },
      () => {},
      api,
    );
    expect(sent).toEqual([{ id: reading_id }]);
    expect(reply.status).toBe('done');
    const english = await serverTranslate(SWAHILI, 'swh_Latn', 'eng_Latn');
    expect(fake.requests[0]!.body.messages).toEqual([
      { role: 'system', content: CHAT_SYSTEM_PROMPT },
      {
        role: 'user',
        content: documentPrompt({ fileName: 'notes.txt', english: text, truncated: false }, english),
      },
    ]);
  });

  it("summarises a document sent alone, in the document's language, and remembers it for a follow-up", async () => {
    fake.enqueue(...answers('It is about a river.', 'In April.'));
    const asked: Array<{ language?: string }> = [];
    const api: typeof apiFlow = {
      ...apiFlow,
      turn: (request, signal) => {
        asked.push(request);
        return apiFlow.turn(request, signal);
      },
    };
    const { document } = documentOf('habari.txt', {
      english: 'The river rises every spring.',
      language: 'swh_Latn',
      truncated: true,
    });
    const first = await runChatFlow(
      { text: '  ', earlier: [], generationId: 'g', signal: new AbortController().signal, document },
      () => {},
      api,
    );
    // Nothing to detect: the answer is in the document's language.
    expect(asked[0]!.language).toBe('swh_Latn');
    expect(first).toMatchObject({
      status: 'done',
      detectedLanguage: 'swh_Latn',
      translationUsed: true,
      question: { english: DEFAULT_DOCUMENT_QUESTION },
      translated: await serverTranslate('It is about a river.', 'eng_Latn', 'swh_Latn'),
    });
    const prompt = fake.requests[0]!.body.messages!.at(-1)!.content;
    expect(prompt).toContain('(only its first 6,000 characters; the rest was left out)');
    expect(prompt).toMatch(
      /<<<DOCUMENT\nThe river rises every spring\.\nDOCUMENT>>>\n\nUsing the document, answer: Summarise this document\.$/,
    );

    // The follow-up carries the document (as it was asked about) in the memory.
    await run('When does the village move uphill, according to the document?', [first]).done;
    expect(fake.requests[1]!.body.messages!.slice(1)).toEqual([
      { role: 'user', content: prompt },
      { role: 'assistant', content: 'It is about a river.' },
      { role: 'user', content: 'When does the village move uphill, according to the document?' },
    ]);
  });

  it("reports a file the server refuses at the translation step, with the server's reason, and does not chat", async () => {
    const detail = 'The file is named .docx but is not a Word document (it is not a ZIP package).';
    const { document } = documentOf('fake.docx', () =>
      Promise.reject(new ApiError(detail, 422, 'INVALID_DOCUMENT')),
    );
    const reply = await run('What does it say?', [], new AbortController().signal, document).done;
    expect(reply.status).toBe('error');
    expect(reply.error).toEqual({
      step: 'translation',
      message: FLOW_ERRORS.translation,
      detail,
      technical: 'Code: INVALID_DOCUMENT',
      code: 'INVALID_DOCUMENT',
    });
    expect(fake.requests).toEqual([]);
  });

  it('stops while the document is being read, and the reading stops too', async () => {
    const controller = new AbortController();
    let readSignal: AbortSignal | undefined;
    const document = {
      fileName: 'long.txt',
      read: (signal: AbortSignal) =>
        new Promise<DocumentInEnglish>((_resolve, reject) => {
          readSignal = signal;
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        }),
    };
    const { done } = run('Please summarise the long document for me.', [], controller.signal, document);
    while (!readSignal) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new DOMException('Stopped by the user', 'AbortError'));
    const reply = await done;
    expect(reply.status).toBe('stopped');
    expect(readSignal.aborted).toBe(true);
    expect(fake.requests).toEqual([]);
  });
});
