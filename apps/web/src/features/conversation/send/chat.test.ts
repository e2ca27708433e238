// @vitest-environment node
/**
 * Chat mode with a dropped file, composed here from the documents feature (reads the file in English
 * through POST /api/v1/translate/document) and the chat feature (the streamed chat-mode flow), against
 * the real Sema server (tiny NLLB, real detector, real document adapters) and the fake OpenAI upstream.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { DOCUMENT_CONTEXT_CHARS } from '@sema/shared/chat/document-context';
import type { ChatReply } from '@/features/chat';
import type { ChatAnswerReply, ConversationMessage, ReplyContent } from '../messages';
import { startChatServers, type FakeUpstream } from '@/testing/chat-servers';

import { chatHandler } from './chat';
import type { SendContext, SendRequest } from './types';

const SWAHILI = 'Habari ya asubuhi, rafiki yangu. Kijiji kinahamia lini?';
const NOTES = 'The river rises every spring.\nThe village moves uphill in April.\n';

let fake: FakeUpstream;

let stop: () => Promise<void>;

beforeAll(async () => {
  ({ fake, stop } = await startChatServers());
}, 60_000);
afterAll(() => stop?.());
beforeEach(() => fake.reset());

/** Sends like the home screen does, recording every patch of the reply (and the reply as it ends). */
async function send(text: string, file: File | null, history: ConversationMessage[] = []) {
  const patches: ReplyContent[] = [];
  let message = {} as ReplyContent;
  const context: SendContext = {
    setReply: (next) => {
      patches.push(next);
      message = next;
    },
    translation: undefined as unknown as SendContext['translation'],
    history,
  };
  const request: SendRequest = {
    mode: 'chat',
    text,
    file,
    sourceLanguage: 'auto',
    targetLanguage: 'eng_Latn',
  };
  await chatHandler(request, context);
  const chatOf = (content: ReplyContent): ChatReply | undefined =>
    content.kind === 'chat' ? content.chat : undefined;
  return { patches, message, reply: chatOf(message) as ChatReply, chatOf };
}

describe('chat mode with a dropped file', () => {
  it('streams a Markdown answer about the document, in the language of the question', async () => {
    fake.enqueue({
      kind: 'answer',
      content: 'The village moves in **April**.',
      reasoning: 'Line two says so.',
      delayMs: 5,
    });
    const { patches, message, reply, chatOf } = await send(
      SWAHILI,
      new File([NOTES], 'notes.txt', { type: 'text/plain' }),
    );

    // The document went to the model in English (English stays as it is), before the question.
    const asked = fake.requests[0]!.body.messages!.at(-1)!.content;
    expect(asked).toContain(`"notes.txt", between the markers:\n<<<DOCUMENT\n${NOTES.trim()}\nDOCUMENT>>>`);
    expect(asked).toMatch(/\n\nUsing the document, answer: \S/);
    expect(asked).not.toContain(SWAHILI);

    // It was a chat-mode reply like any other: streamed, with reasoning, translated back to Swahili.
    expect(message).toMatchObject({ kind: 'chat', isLoading: false, error: false });
    expect(reply).toMatchObject({
      status: 'done',
      detectedLanguage: 'swh_Latn',
      translationUsed: true,
      reasoning: 'Line two says so.',
      english: 'The village moves in **April**.',
      document: { fileName: 'notes.txt', language: 'eng_Latn', truncated: false },
    });
    expect(reply.translated).not.toBe('');
    expect(message.content).toBe(reply.translated);
    expect(patches.some((patch) => chatOf(patch)?.status === 'streaming')).toBe(true);
    // While the file is read, the reply shows it (with Stop) rather than the three dots.
    const reading = patches.find((patch) => chatOf(patch)?.status === 'preparing');
    expect(reading).toMatchObject({ isLoading: false });
    expect(chatOf(reading!)?.document?.fileName).toBe('notes.txt');
  });

  it('reads only the budget of a long document, says so, and a follow-up still sees the document', async () => {
    fake.enqueue({ kind: 'answer', content: 'It is a long list.' }, { kind: 'answer', content: 'Line 1.' });
    const long = Array.from({ length: 400 }, (_, i) => `Line ${i + 1} of the long list is here.`).join('\n');
    const first = await send('', new File([long], 'list.txt', { type: 'text/plain' }));
    expect(first.reply.question.english).toBe('Summarise this document.');
    expect(first.reply.document?.truncated).toBe(true);
    // The server counts the characters of the text it translates (not the line breaks between lines).
    const english = first.reply.document?.english ?? '';
    expect(english.replaceAll('\n', '').length).toBeLessThanOrEqual(DOCUMENT_CONTEXT_CHARS);
    expect(english.length).toBeGreaterThan(DOCUMENT_CONTEXT_CHARS / 2);
    expect(english.startsWith('Line 1 of the long list is here.')).toBe(true);
    expect(first.reply.translationUsed).toBe(false);

    const history: ConversationMessage[] = [
      { id: 'u1', role: 'user', kind: 'user', content: '', timestamp: 0 },
      {
        ...(first.message as Omit<ChatAnswerReply, 'id' | 'timestamp' | 'role'>),
        id: 'a1',
        role: 'assistant',
        timestamp: 0,
      },
    ];
    await send('Which line comes first in the list?', null, history);
    const messages = fake.requests[1]!.body.messages!;
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[1]!.content).toContain(english);
    expect(messages[3]!.content).toBe('Which line comes first in the list?');
  });

  it("shows the server's reason when it refuses the file, at the translation step", async () => {
    const { message, reply } = await send(
      'What is in it?',
      new File(['this is not a word document'], 'report.docx'),
    );
    expect(message).toMatchObject({ kind: 'chat', isLoading: false, error: true });
    expect(reply.error).toMatchObject({
      step: 'translation',
      message: 'Translation failed',
      detail: 'The file is named .docx but is not a Word document (it is not a ZIP package).',
    });
    expect(fake.requests).toEqual([]);
  });
});
