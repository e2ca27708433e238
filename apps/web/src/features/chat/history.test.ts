import { describe, expect, it } from 'vitest';

import type { ChatReply } from './chat-reply';
import { documentMention, documentPrompt } from '@sema/shared/chat/document-context';
import { earlierMessages } from './history';

function turn(question: string, answer: string, patch: Partial<ChatReply> = {}): ChatReply {
  return {
    generationId: 'g',
    status: 'done',
    translationUsed: false,
    question: { original: question, english: question },
    reasoning: '',
    english: answer,
    translated: '',
    ...patch,
  };
}

function aboutDocument(fileName: string, english: string, question: string, answer: string): ChatReply {
  return turn(question, answer, {
    document: { fileName, english, language: 'eng_Latn', truncated: false },
  });
}

const report = aboutDocument('report.txt', 'Sales rose by 4%.', 'Summarise this document.', 'Sales grew.');
const notes = aboutDocument('notes.txt', 'The river rises in spring.', 'When?', 'In spring.');

const english = (messages: { english?: string }[]) => messages.map((message) => message.english);

describe('earlierMessages', () => {
  it('sends finished turns as the user saw them with their English, oldest first, and skips failed or unanswered ones', () => {
    const history = earlierMessages([
      turn('Habari', 'Hello!', {
        question: { original: 'Habari', english: 'Hi' },
        translationUsed: true,
        translated: 'Jambo!',
      }),
      turn('Why?', '', { status: 'done' }),
      turn('Now?', 'Partly', { status: 'error' }),
      turn('Rice?', 'Wash it.', { status: 'stopped' }),
    ]);
    expect(history).toEqual([
      { role: 'user', content: 'Habari', english: 'Hi' },
      { role: 'assistant', content: 'Jambo!', english: 'Hello!' },
      { role: 'user', content: 'Rice?', english: 'Rice?' },
      { role: 'assistant', content: 'Wash it.', english: 'Wash it.' },
    ]);
  });

  it("sends the newest document's text with its question, so a follow-up can ask about it", () => {
    const history = earlierMessages([report, turn('Thanks', 'You are welcome.'), notes]);
    expect(english(history)).toEqual([
      documentMention('report.txt', 'Summarise this document.'),
      'Sales grew.',
      'Thanks',
      'You are welcome.',
      documentPrompt(
        { fileName: 'notes.txt', english: 'The river rises in spring.', truncated: false },
        'When?',
      ),
      'In spring.',
    ]);
    expect(history[4]!.english).toContain('<<<DOCUMENT\nThe river rises in spring.\nDOCUMENT>>>');
  });

  it('sends no earlier document text when the new message brings its own document', () => {
    const history = earlierMessages([report, notes], { documentText: false });
    expect(history.filter((message) => message.english?.includes('<<<DOCUMENT'))).toEqual([]);
    expect(history[2]!.english).toBe(documentMention('notes.txt', 'When?'));
  });

  it("leaves no budget of its own: how much the model reads is the server's rule", () => {
    const long = turn('And then?', 'y'.repeat(40_000));
    expect(earlierMessages([turn('Hello', 'Hi'), long])).toHaveLength(4);
  });
});
