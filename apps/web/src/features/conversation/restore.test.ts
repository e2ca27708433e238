import { describe, expect, it } from 'vitest';

import type { ConversationMessage } from './messages';
import { restoreMessages } from './restore';

const base = { timestamp: 1, content: '' };

describe('restoreMessages', () => {
  it('shows a reply that was still being written when the page closed as interrupted', () => {
    const messages: ConversationMessage[] = [
      { ...base, id: 'u', role: 'user', kind: 'user', content: 'Hi' },
      { ...base, id: 'p', role: 'assistant', kind: 'pending', isLoading: true },
      {
        ...base,
        id: 'c',
        role: 'assistant',
        kind: 'chat',
        chat: {
          generationId: 'g',
          status: 'streaming',
          translationUsed: false,
          question: { original: 'Hi' },
          reasoning: '',
          english: 'Hello th',
          translated: '',
        },
      },
      {
        ...base,
        id: 'd',
        role: 'assistant',
        kind: 'document',
        document: { fileName: 'a.txt', progress: { done: 1, total: 4 } },
      },
    ];
    const [user, pending, chat, document] = restoreMessages(messages);
    expect(user).toBe(messages[0]);
    expect(pending).toMatchObject({
      kind: 'failure',
      error: true,
      content: expect.stringMatching(/interrupted/),
    });
    expect(chat).toMatchObject({ kind: 'chat', chat: { status: 'stopped', english: 'Hello th' } });
    expect(document).toMatchObject({ kind: 'document', error: true, document: { fileName: 'a.txt' } });
    expect(document?.kind === 'document' && document.document.progress).toBe(undefined);
  });

  it('keeps a message waiting for the network waiting; one whose file is gone is shown as not sent', () => {
    const request = {
      mode: 'translate',
      text: 'Later',
      sourceLanguage: 'auto',
      targetLanguage: 'fra_Latn',
    } as const;
    const waiting: ConversationMessage[] = [
      { ...base, id: 'u', role: 'user', kind: 'user', content: 'Later' },
      { ...base, id: 'q', role: 'assistant', kind: 'queued', request },
      { ...base, id: 'f', role: 'assistant', kind: 'queued', request, hasFile: true },
    ];
    const [, queued, withFile] = restoreMessages(waiting);
    expect(queued).toBe(waiting[1]);
    expect(withFile).toMatchObject({
      kind: 'failure',
      error: true,
      content: expect.stringMatching(/^Not sent/),
    });
  });
});
