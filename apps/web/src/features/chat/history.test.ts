import { describe, expect, it } from 'vitest';

import type { ChatReply } from './chat-reply';
import { documentMention, documentPrompt } from '@sema/shared/chat/document-context';
import { englishHistory } from './history';

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

describe('englishHistory', () => {
  it('keeps finished turns in English, oldest first, and skips failed or unanswered ones', () => {
    const history = englishHistory([
      turn('Hi', 'Hello!'),
      turn('Why?', '', { status: 'done' }),
      turn('Now?', 'Partly', { status: 'error' }),
      turn('Rice?', 'Wash it.', { status: 'stopped' }),
    ]);
    expect(history).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: 'Rice?' },
      { role: 'assistant', content: 'Wash it.' },
    ]);
  });

  it("sends the newest document's text with its question, so a follow-up can ask about it", () => {
    const history = englishHistory([report, turn('Thanks', 'You are welcome.'), notes]);
    expect(history.map((message) => message.content)).toEqual([
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
    expect(history[4]!.content).toContain('<<<DOCUMENT\nThe river rises in spring.\nDOCUMENT>>>');
  });

  it('sends no earlier document text when the new message brings its own document', () => {
    const history = englishHistory([report, notes], { documentText: false });
    expect(history.filter((message) => message.content.includes('<<<DOCUMENT'))).toEqual([]);
    expect(history[2]!.content).toBe(documentMention('notes.txt', 'When?'));
  });

  it("falls back to the document's name when its text no longer fits, and stops at the budget", () => {
    const long = aboutDocument('book.txt', 'x'.repeat(500), 'What happens?', 'A lot.');
    const later = turn('And then?', 'y'.repeat(100));
    const budget = 300;
    const first = turn('Hello there', 'z'.repeat(150));
    const history = englishHistory([first, long, later], { budget });
    expect(history.map((message) => message.content)).toEqual([
      documentMention('book.txt', 'What happens?'),
      'A lot.',
      'And then?',
      'y'.repeat(100),
    ]);
    // The oldest turn did not fit any more: everything older than the budget is left out.
    expect(history.reduce((sum, message) => sum + message.content.length, 0)).toBeLessThanOrEqual(budget);
    expect(englishHistory([first, long, later], { budget: 2000 })[2]!.content).toContain('x'.repeat(500));
  });
});
